/* html_assets: the HTML report's style sheet and script (html_page.css,
 * html_page.js), embedded by CMake as text so the page needs no installed
 * file.  Static data; nothing to free.  Used by report_html.c. */
#ifndef AITOOL_HTML_ASSETS_H
#define AITOOL_HTML_ASSETS_H

#include <stddef.h>

extern const char html_page_css[];
extern const size_t html_page_css_len;
extern const char html_page_js[];
extern const size_t html_page_js_len;

#endif
