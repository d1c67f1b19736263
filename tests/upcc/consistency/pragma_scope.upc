/* Where #pragma upc strict and relaxed apply (UPC 1.3 §6.7.1): outside external declarations, until the
 * next such pragma or the end of the file; at the start of a compound statement, until its end, after
 * which the state before the statement is back. The pragmas categorize the accesses whose referenced type
 * is neither strict nor relaxed, where the access is (through a pointer or by the object's name); a strict
 * object is strict by its type. Each line below is marked with the consistency that rule gives its
 * accesses, and check_consistency.sh compares the marks with the translation. */
#include <upc.h>

shared int x;
shared int a[4 * THREADS];
struct pair { int first, second; };
shared struct pair pairs[THREADS];
strict shared int flag;

int file_default(void) { return x; /* relaxed */ }

void blocks(int n) {
  {
#pragma upc strict
    x = 1; /* strict */
    {
#pragma upc relaxed
      x = 2; /* relaxed */
    }
    x = 3; /* strict */
  }
  x = 4; /* relaxed */
  for (int i = 0; i < n; ++i) {
#pragma upc strict
    x += i; /* strict */
  }
  x = 5; /* relaxed */
}

void elements(shared int *p) {
#pragma upc strict
  a[MYTHREAD] = 1; /* strict */
  pairs[MYTHREAD].second = a[1]; /* strict */
  *p += 1; /* strict */
  ++p[1]; /* strict */
}

int qualified(void) {
#pragma upc strict
  flag = 1; /* strict by its type */
  return flag; /* strict by its type */
}

#pragma upc strict
int after_file_pragma(void) {
  {
#pragma upc relaxed
    x = 6; /* relaxed */
  }
  return x; /* strict */
}
#pragma upc relaxed

int main(void) {
  blocks(2);
  elements(&a[0]);
  qualified();
  return after_file_pragma() + file_default() + x; /* relaxed */
}
