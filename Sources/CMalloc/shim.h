/* glibc's malloc tuning (mallopt), which the Glibc module does not export. */
#include <malloc.h>
