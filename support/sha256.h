/* sha256: the SHA-256 digest of a byte string (FIPS 180-4) and its base64
 * text, as a Content-Security-Policy names an inline script it allows
 * ('sha256-<base64>').  Pure C, no state kept: the caller owns the buffers.
 * Used by the HTML report (report/report_html.c). */
#ifndef AITOOL_SHA256_H
#define AITOOL_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define SHA256_BYTES 32
/* The base64 text of a digest: 44 characters and the terminating NUL. */
#define SHA256_BASE64_SIZE 45

void sha256(const void *data, size_t len, uint8_t out[SHA256_BYTES]);
/* The digest of data in base64 (RFC 4648, with padding) into out. */
void sha256_base64(const void *data, size_t len, char out[SHA256_BASE64_SIZE]);

#endif
