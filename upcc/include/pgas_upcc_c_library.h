/* The C library's and POSIX's common headers, which a translation includes when its UPC file calls a
 * function without declaring it (C89's implicit declarations): C++ must see a declaration. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>
#include <assert.h>
