/* expect: 4:12: error: strict and relaxed qualify shared types only (UPC 1.3 §6.5.1.1) */
#include <upc.h>

strict int flag;

int main(void) { return flag; }
