/* Plain C, compiled by the C compiler and linked with the UPC files. */
int value_at(int i) { return (i * 7919 + 13) % 1000; }
