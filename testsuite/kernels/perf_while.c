/* A loop without bounds the model knows (test_cli, "loops without bounds"):
 * the while loop of line 7 is named scale_L7; one multiply an iteration. */
void scale(double *a, int n)
{
    int i = 0;
    /* the loop */
    while (i < n) {
        a[i] = a[i] * 2.0;
        i++;
    }
}
