/* UPC 1.3's upc_types.h: the operations (upc_op_t) shared by the collectives' reductions and the atomics,
 * and the type codes (upc_type_t) of atomic domains; pgas/upc_collective.h takes its reductions from here. */
#ifndef PGAS_UPC_TYPES_H
#define PGAS_UPC_TYPES_H

typedef int upc_op_t;
#define UPC_ADD (1 << 0)
#define UPC_MULT (1 << 1)
#define UPC_AND (1 << 2)
#define UPC_OR (1 << 3)
#define UPC_XOR (1 << 4)
#define UPC_LOGAND (1 << 5)
#define UPC_LOGOR (1 << 6)
#define UPC_MIN (1 << 7)
#define UPC_MAX (1 << 8)
#define UPC_FUNC (1 << 9)
#define UPC_NONCOMM_FUNC (1 << 10)
/* The atomics' access and arithmetic operations (UPC 1.3 atomics, section 7.4.2). */
#define UPC_GET (1 << 11)
#define UPC_SET (1 << 12)
#define UPC_CSWAP (1 << 13)
#define UPC_SUB (1 << 14)
#define UPC_INC (1 << 15)
#define UPC_DEC (1 << 16)

typedef int upc_type_t;
#define UPC_CHAR 1
#define UPC_UCHAR 2
#define UPC_SHORT 3
#define UPC_USHORT 4
#define UPC_INT 5
#define UPC_UINT 6
#define UPC_LONG 7
#define UPC_ULONG 8
#define UPC_LLONG 9
#define UPC_ULLONG 10
#define UPC_INT8 11
#define UPC_UINT8 12
#define UPC_INT16 13
#define UPC_UINT16 14
#define UPC_INT32 15
#define UPC_UINT32 16
#define UPC_INT64 17
#define UPC_UINT64 18
#define UPC_FLOAT 19
#define UPC_DOUBLE 20
#define UPC_LDOUBLE 21
#define UPC_PTS 22

#endif /* PGAS_UPC_TYPES_H */
