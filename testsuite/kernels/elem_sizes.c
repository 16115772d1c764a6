/* Element sizes of records: a struct of 3 doubles (24 bytes), a typedef of
 * it, a union (the size of its largest member, 8); a member of an element
 * moves the whole element.  Per iteration of vec_add's outer loop q is loaded
 * and stored (8 + 8), of its inner loop v and w loaded (24 + 24) and u stored
 * (24).  An incomplete struct cannot be subscripted in C (clang's error): its
 * pointers can, 8 bytes each (opaque_walk stores o's and s's, 8 + 8); the
 * records themselves are moved only by a function (elem_sizes.annot), and
 * their bytes are unknown: a warning naming the array. */
struct vec3 { double x[3]; };
typedef struct vec3 vec3_t;
union bits { double d; long l; };
struct opaque;

void vec_add(int n, const struct vec3 *v, const vec3_t *w, struct vec3 *u, union bits *q)
{
    for (int i = 0; i < n; i++) {
        for (int d = 0; d < 3; d++)
            u[i].x[d] = v[i].x[d] + w[i].x[d];
        q[i].d = q[i].d * 2.0;
    }
}

void opaque_walk(int n, struct opaque **o, struct opaque *p, double *s)
{
    for (int i = 0; i < n; i++) {
        o[i] = p;
        s[i] = 1.0;
    }
}


/* Defined elsewhere: elem_sizes.annot says that it reads the records at p. */
void opaque_visit(const struct opaque *p, int i);

void opaque_calls(int n, const struct opaque *p)
{
    for (int i = 0; i < n; i++)
        opaque_visit(p, i);
}
