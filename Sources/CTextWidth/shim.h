// The C library's wcwidth, which Swift's Glibc module does not declare: how many columns a
// code point takes in the current locale (-1 when it is not printable). The same table
// ncurses lays text out with, without ncurses.
#ifndef MTM_TEXT_WIDTH_SHIM_H
#define MTM_TEXT_WIDTH_SHIM_H

#include <wchar.h>

int wcwidth(wchar_t character);

static inline int mtm_wcwidth(unsigned int code) { return wcwidth((wchar_t)code); }

#endif
