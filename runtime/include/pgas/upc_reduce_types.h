/* The UPC type suffixes of upc_all_reduceT / upc_all_prefix_reduceT (UPC 1.2, section 7.3.3): X(suffix,
 * TYPE). C-compatible: pgas/upc_collective.h declares the C++ functions from it, and pgas-upcc's
 * <upc_collective.h> the UPC ones. */
#ifndef PGAS_UPC_REDUCE_TYPES_H
#define PGAS_UPC_REDUCE_TYPES_H

#define PGAS_UPC_REDUCE_TYPES(X) \
  X(C, signed char)              \
  X(UC, unsigned char)           \
  X(S, short)                    \
  X(US, unsigned short)          \
  X(I, int)                      \
  X(UI, unsigned int)            \
  X(L, long)                     \
  X(UL, unsigned long)           \
  X(F, float)                    \
  X(D, double)                   \
  X(LD, long double)

#endif /* PGAS_UPC_REDUCE_TYPES_H */
