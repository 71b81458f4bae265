/* openpty, which Glibc's Swift module does not export: the tests play a terminal on one side
 * of a pseudo-terminal. */
#include <pty.h>
