// ncursesw with its wide-character API, plus what Swift cannot import from the header:
// macros, and the C globals Swift 6 refuses (stdscr, COLORS, COLOR_PAIRS).
#ifndef MTM_NCURSES_SHIM_H
#define MTM_NCURSES_SHIM_H

#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <termios.h>

static inline WINDOW *mtm_stdscr(void) { return stdscr; }
static inline WINDOW *mtm_curscr(void) { return curscr; }
static inline int mtm_colors(void) { return COLORS; }
static inline int mtm_color_pairs(void) { return COLOR_PAIRS; }

static inline attr_t mtm_attr_bold(void) { return A_BOLD; }
static inline attr_t mtm_attr_dim(void) { return A_DIM; }
static inline attr_t mtm_attr_reverse(void) { return A_REVERSE; }
static inline attr_t mtm_attr_underline(void) { return A_UNDERLINE; }

static inline mmask_t mtm_mouse_clicks(void) {
  return BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED;
}
static inline int mtm_mouse_is_press(mmask_t state) {
  return (state & (BUTTON1_PRESSED | BUTTON1_CLICKED)) != 0;
}

/// Draws one cell: up to a few code points (a character and its combining marks) with
/// attributes and an extended colour pair (any pair number, not only the first 256).
/// Returns ERR only when ncurses cannot make a cell of the text; mvadd_wch's own ERR in the
/// bottom right corner (where the cursor cannot move on) is not a failure.
static inline int mtm_put_cell(int row, int column, const wchar_t *text, attr_t attrs, int pair) {
  cchar_t cell;
  if (setcchar(&cell, text, attrs, 0, &pair) == ERR) return ERR;
  mvadd_wch(row, column, &cell);
  return OK;
}

/// The pair for a foreground and a background colour (-1 is the terminal's own colour).
static inline int mtm_pair(int foreground, int background) {
  return alloc_pair(foreground, background);
}

/// The terminal's size in cells from the kernel (ioctl is variadic, which Swift cannot call).
static inline int mtm_window_size(int fd, int *row_count, int *column_count) {
  struct winsize size;
  if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_row == 0 || size.ws_col == 0) return -1;
  *row_count = size.ws_row;
  *column_count = size.ws_col;
  return 0;
}

/// Whether the descriptor's other end is gone (the terminal closed).
static inline int mtm_hung_up(int fd) {
  struct pollfd entry = {fd, POLLIN, 0};
  if (poll(&entry, 1, 0) < 0) return 0;
  return (entry.revents & (POLLHUP | POLLERR | POLLNVAL)) != 0;
}

/// A terminfo string capability, or NULL when the terminal has none.
static inline const char *mtm_string_capability(const char *name) {
  char *value = tigetstr(name);
  return value == (char *)-1 ? NULL : value;
}

#endif
