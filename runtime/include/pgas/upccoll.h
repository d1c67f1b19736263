/* UPC Collectives 2.0 (the Collectives 2.0 proposal, Almasi, Hargrove, Tanase, Zheng): teams, non-blocking
 * collectives with handles or UPC_ASYNC_FENCE, and the MPI-like collectives of its section 3.5. C-callable;
 * C++ programs reach it from pgas/upc.hpp.
 *
 * Buffers (the proposal's section 2.2): a `shared void *` of the proposal is an upccoll_shared_ptr_t here:
 * the shared object, the thread and the byte offset in that thread's part (C fills the fields; in C++ every
 * pgas::global_ptr and nullptr convert to it). Buffers are multi-valued, must have affinity to the calling
 * thread (else UPCCOLL_ERROR_SENDBUF / _RECVBUF) and are contiguous from the pointer (indefinite blocking
 * factor).
 *
 * Decisions where the proposal is open or ambiguous:
 *  - The count and displacement arguments the proposal prints as `size_t` in gatherv, allgatherv and
 * alltoallv are arrays (`const size_t *`), one entry per team rank, in elements of the call's type, as in
 * scatterv and in MPI. The proposal prints the variable allgather's heading as allgather: it is
 * upccoll_allgatherv.
 *  - upccoll_scan is the inclusive scan of MPI_Scan (and of UPC 1.2's upc_all_prefix_reduce): rank l gets
 *    sendbuf_0 op ... op sendbuf_l. The proposal's formula (k up to l-1) is the exclusive scan:
 * upccoll_exscan, as MPI_Exscan; rank 0's recvbuf is then left untouched.
 *  - upccoll_reduce_scatter follows its synopsis (one `count`): every rank receives `count` elements, and
 *    sendbuf holds count * team size elements (MPI_Reduce_scatter_block). Its description's per-rank counts
 *    are upccoll_reduce_scatterv (recvcounts[t] elements to rank t, MPI_Reduce_scatter).
 *  - upccoll_op_t and upccoll_dtype_t are ints whose values share pgas/upc_types.h's codes (UPC_ADD ... and
 *    UPC_CHAR ... are defined there once), so UPC 1.2 and 2.0 code coexist; the proposal's enumerators
 * missing from that header are added below. upccoll_flag_t is UPC 1.2's upc_flag_t with its flags
 *    (pgas/upc_flags.h, shared with pgas/upc_collective.h) and adds UPC_ASYNC_FENCE.
 *  - The pair types are the C structs below (upccoll_double_int_t ...), with their padding, as MPI's
 *    MPI_DOUBLE_INT: upccoll_type_size gives their sizeof. MINLOC/MAXLOC keep the smaller index on a tie.
 *  - Operations per type: UPC_ADD and UPC_MULT for every arithmetic and complex type; UPC_AND, UPC_OR and
 *    UPC_XOR for the integer types (UPC_BYTE to UPC_ULONGLONG); UPC_LOGAND, UPC_LOGOR, UPC_MIN and UPC_MAX
 *    for the integer and real types; UPC_MINLOC and UPC_MAXLOC for the pair types; user operations for every
 *    type. Any other combination is UPCCOLL_ERROR_UPC_OP. Integer sums and products wrap.
 *  - A user function computes inout[i] = in[i] op inout[i] for i < len (MPI's convention); a
 *    non-commutative operation combines the ranks' contributions in ascending team rank order. Operations
 *    are created by every thread in the same order (the value names the same operation on every thread).
 *  - Counts: count 0 in the fixed-count collectives is UPCCOLL_ERROR_COUNT (the proposal's example); entries
 * of the count arrays may be 0. Sizes that disagree on one thread (a root's send and receive sizes) are
 *    UPCCOLL_ERROR_COUNT; sizes that disagree between threads stop the job naming both threads.
 *  - Members whose calls differ in kind (a v form is another kind), root, type or operation (the combining
 *    calls) or ALLSYNC flags stop the job naming both, as soon as one reads the other's data; when neither
 *    reads the other's (two members that each take themselves for a broadcast's root), once a member's
 *    call slot comes round again (128 calls later) or at upccoll_finalize, which checks that every reader
 *    of each thread's last calls has read them.
 *  - A member that never initiates a call others wait in stops the job naming both: it finished main, it
 *    called upccoll_finalize (where every member of every team must arrive after the same calls), or it waits
 *    in a upc_barrier or a UPC 1.2 collective that needs the waiting thread (seen after 10 ms of waiting;
 *    a thread between upc_notify and upc_wait is not seen waiting on shm).
 *  - upccoll_team_split orders the new ranks by key, then by rank in the parent team (MPI_Comm_split): keys
 *    need not be 0..n-1, but must not be negative (UPCCOLL_ERROR_RANK).
 *  - Flags: at most one IN and one OUT mode (else UPCCOLL_ERROR_FLAGS); none means MYSYNC. NOSYNC is
 *    treated as MYSYNC. With UPC_ASYNC_FENCE a non-NULL handle receives UPCCOLL_INVALID_HANDLE.
 *  - upccoll_test returns 1 when complete, 0 when not, and -UPCCOLL_ERROR_HANDLE for an invalid handle
 *    (0, already waited for, or another thread's); upccoll_wait on an invalid handle stops the job with a
 *    message (it returns no code). A handle that upccoll_test found complete must still be waited for.
 *  - Every call before upccoll_initialize or after upccoll_finalize returns UPCCOLL_ERROR_UNINITIALIZED.
 *  - UPCCOLL_ERROR_SIZE (the proposal's "invalid team size": a team cannot have a wrong size here) is
 *    returned when a size in bytes of the call does not fit in size_t: a count times its type's size, times
 *    the team size, or a displacement plus its count. UPCCOLL_ERROR_MALLOC: the calling thread's shared
 *    heap cannot hold the call's block (its tables and a copy of its send data, kept until the readers are
 *    done); the call is then not initiated. A call refused once its team is known (every error but
 *    UPCCOLL_ERROR_UNINITIALIZED, _TEAM and _FLAGS) still takes its number among the team's calls: members
 *    refused alike agree, and a member refused while the others are not stops the job, reported by a member
 *    waiting for it ("team rank 3 (thread 3) in upccoll_allreduce, refused with UPCCOLL_ERROR_RECVBUF").
 *
 * Engines. Two engines run the calls, with the same argument checking and error codes in front of both.
 * The shared engine (described below) works on every conduit. Under mpirun the MPI engine is the default
 * (PGAS_COLL2_ENGINE=mpi or shared chooses; the variable must be equal on every thread): a team is an MPI
 * communicator (MPI_Comm_dup for UPC_TEAM_ALL, MPI_Comm_split for a split, with the ranks the split gives,
 * MPI_Comm_free with the team), a blocking call the blocking MPI collective on it and, in a job across
 * machines, a call with a handle or UPC_ASYNC_FENCE the non-blocking one (MPI_Ibcast, MPI_Iallreduce,
 * MPI_Ialltoallv, ...), completed by MPI_Test from upccoll_test, upccoll_wait, upccoll_fence and
 * upccoll_finalize. In a job on one machine (every process's segment in reach of loads and stores: a
 * shared-memory window), calls with a handle or UPC_ASYNC_FENCE run on the shared engine instead: Open MPI's
 * non-blocking collectives advance a round only while every member is inside an MPI call, so a completion
 * would wait for the others to call the library, where the shared engine's waits only for their initiations.
 * Across machines, while such a call is in flight, a progress thread of the library tests it (the job runs
 * under MPI_THREAD_SERIALIZED; the library's MPI calls and the thread's take turns), so a completion there
 * too waits only for the others' initiations, and a user function may then be applied on that thread while
 * the calling thread computes (it must not call UPC or library functions, as MPI's user functions may not
 * call MPI). When MPI grants no MPI_THREAD_SERIALIZED (a program that called MPI_Init itself), a completion
 * returns once the others, having initiated, call the library again. upccoll_scan is MPI_Scan and
 * upccoll_exscan MPI_Exscan (rank 0's recvbuf is left untouched: MPI writes a scratch buffer there);
 * upccoll_reduce_scatter is MPI_Reduce_scatter_block and upccoll_reduce_scatterv MPI_Reduce_scatter.
 * Data-moving calls move MPI_BYTEs; combining calls use MPI's type and operation (MPI_UNSIGNED_CHAR for
 * UPC_BYTE, MPI_SIGNED_CHAR for UPC_CHAR, MPI_C_*_COMPLEX, MPI_DOUBLE_INT ... for the pair types when MPI's
 * layout is the struct's) and, where MPI defines none (user operations, UPC_LOGAND / UPC_LOGOR on reals, a
 * pair type laid out differently), an MPI_Op_create operation over a contiguous type of the element's bytes
 * that calls the library's combiner, declared commutative or not as upccoll_op_create was told. Its
 * differences:
 *  - Calls with UPC_IN_ALLSYNC or UPC_OUT_ALLSYNC run on the shared engine (whose first completing thread
 *    finishes the other members' parts: the ownership rules below without ever waiting for another thread's
 *    completion); upccoll_barrier runs on the MPI engine with any flags (MPI_Barrier / MPI_Ibarrier).
 *  - MPI counts and displacements are ints: a call whose byte counts or displacements (data-moving calls) or
 *    element count (combining calls) exceed INT_MAX returns UPCCOLL_ERROR_SIZE on the threads that have them.
 *  - Before a call's MPI collective its members compare the call, MPI comparing nothing: each sends every
 *    other member, in one round of MPI_Isend / MPI_Irecv on the team's communicator, the call's kind, root,
 *    type, operation, flags and whether it blocks, and the bytes it sends that member, and checks what it
 *    receives against its own call. Calls that differ, and sizes that disagree, stop the job naming both
 *    members and the call, as on the shared engine; so does a member that never comes (it finished main,
 *    called upccoll_finalize, waits in a upc_barrier, was refused), found while waiting for its message.
 *    A blocking call waits, before its MPI collective, for the messages of the members it receives data
 *    from (so that no member waits inside MPI for a call another does not make, and a broadcast's root
 *    still runs ahead); the others' are checked as they arrive, at the latest by upccoll_finalize.
 *    upccoll_barrier is that round alone, with every member. A call with a handle or fence posts its
 *    messages and issues its MPI collective at initiation, and completes once both are done. The cost: one
 *    more small message to and from each member per call (bench/RESULTS.md section 50; PGAS_COLL2_COMPARE=0
 *    turns the comparison off). MPI's blocking collectives never match its non-blocking ones: every member
 *    must call a given call blocking, or every member not (a member that does otherwise is reported).
 *  - The send buffer of a call with a handle or fence is copied at initiation (it is the user's again on
 *    return); so is a blocking call's when it overlaps the receive buffer. UPCCOLL_ERROR_MALLOC: that copy,
 *    in private memory, cannot be allocated (no call needs shared heap).
 *  - Its data never passes the transport functions: when a call completes, each receiver reports the bytes
 *    it got from each other member with remote_coll_recv (pgas/transport.h), which a profiler records.
 *
 * Completion and ordering (the proposal's sections 2.5 and 3.3): an initiation never waits for another thread
 * (IN_ALLSYNC included); a completion (upccoll_wait, a successful upccoll_test, upccoll_fence, a blocking
 * call) waits only for the other threads' initiations, never for their completions (OUT_ALLSYNC included: the
 * first completing thread finishes the other threads' parts of the call). Buffer ownership (3.1.2): with
 * MYSYNC a send buffer returns to the user at initiation's end and a receive buffer at the thread's own
 * completion, except that on shm a call whose pieces are at least PGAS_COLL2_DIRECT bytes (32 KiB by
 * default, 4x that for broadcasts, half for scans; for alltoallv a source each of whose non-empty pieces
 * is that large) reads the send buffers in place and returns each to the user at its thread's completion
 * (the seed's rule; a blocking call's returns with the call, after every reader has read it); IN_ALLSYNC: no
 * buffer of the call is touched before every member has initiated it; OUT_ALLSYNC: no thread completes before
 * every member's receive buffer is final. Any number of calls, of any kind, may be in flight on a team. Each
 * member publishes its calls in a per-team ring of 128 call slots; a thread whose slot still holds its call
 * of 128 calls ago (a member has not read or completed it) publishes the new call in a spill slot (about
 * 4.4 KB) from its upc_alloc heap instead of waiting. Spill slots are reused, kept until the team is freed,
 * and never take more than half of what is free in that heap: only then does an initiation wait for the
 * ring slot. upc_barrier and upc_fence do not complete
 * UPC_ASYNC_FENCE calls. upccoll_team_free and upccoll_finalize complete the caller's outstanding calls (on
 * that team, or on all) and synchronize like a barrier.
 */
#ifndef PGAS_UPCCOLL_H
#define PGAS_UPCCOLL_H

#include <stddef.h>

#include "pgas/transport.h"
#include "pgas/upc_flags.h"
#include "pgas/upc_types.h"

/* 3.1.1 */
typedef void *upccoll_handle_t;
#define UPCCOLL_INVALID_HANDLE 0

/* 3.1.2: the UPC 1.2 flags (pgas/upc_flags.h) and UPC_ASYNC_FENCE. */
typedef upc_flag_t upccoll_flag_t;
#define UPC_ASYNC_FENCE (1 << 6)

/* 3.1.3: UPC_ADD ... UPC_MAX come from pgas/upc_types.h. */
typedef int upccoll_op_t;
#define UPC_MINLOC (1 << 17)
#define UPC_MAXLOC (1 << 18)
#define UPC_PREDEFINED_OPS 11 /* the number of pre-defined operations */

/* 3.1.5: the codes pgas/upc_types.h already has keep their values. */
typedef int upccoll_dtype_t;
#define UPC_BYTE 32
#define UPC_LONGLONG UPC_LLONG
#define UPC_ULONGLONG UPC_ULLONG
#define UPC_LONGDOUBLE UPC_LDOUBLE
#define UPC_CPLX 33
#define UPC_DBLCPLX 34
#define UPC_LONGDBLCPLX 35
#define UPC_FLOAT_INT 36
#define UPC_DOUBLE_INT 37
#define UPC_LONG_INT 38
#define UPC_2INT 39
#define UPC_SHORT_INT 40
#define UPC_LONG_DOUBLE_INT 41

/* The element layouts of the pair and complex types. */
typedef struct {
  float value;
  int index;
} upccoll_float_int_t;
typedef struct {
  double value;
  int index;
} upccoll_double_int_t;
typedef struct {
  long value;
  int index;
} upccoll_long_int_t;
typedef struct {
  int value;
  int index;
} upccoll_2int_t;
typedef struct {
  short value;
  int index;
} upccoll_short_int_t;
typedef struct {
  long double value;
  int index;
} upccoll_long_double_int_t;
typedef struct {
  float real, imag;
} upccoll_cplx_t;
typedef struct {
  double real, imag;
} upccoll_dblcplx_t;
typedef struct {
  long double real, imag;
} upccoll_longdblcplx_t;

/* 3.1.6 */
typedef enum {
  UPCCOLL_SUCCESS = 0,
  UPCCOLL_ERROR,              /* generic error (a NULL out-parameter) */
  UPCCOLL_ERROR_TEAM,         /* invalid team handle */
  UPCCOLL_ERROR_SIZE,         /* invalid team size (a size in bytes overflows) */
  UPCCOLL_ERROR_RANK,         /* invalid team rank (a negative split key) */
  UPCCOLL_ERROR_HANDLE,       /* invalid collective handle */
  UPCCOLL_ERROR_SENDBUF,      /* invalid send buffer (NULL, not the caller's, too small) */
  UPCCOLL_ERROR_RECVBUF,      /* invalid receive buffer */
  UPCCOLL_ERROR_COUNT,        /* invalid data count (0, or sizes that disagree) */
  UPCCOLL_ERROR_DATATYPE,     /* invalid data type */
  UPCCOLL_ERROR_UPC_OP,       /* invalid operation, or one not defined for the type */
  UPCCOLL_ERROR_FLAGS,        /* invalid combination of flags */
  UPCCOLL_ERROR_ROOT,         /* invalid root */
  UPCCOLL_ERROR_SENDTYPE,     /* invalid send data type */
  UPCCOLL_ERROR_RECVTYPE,     /* invalid receive data type */
  UPCCOLL_ERROR_SENDCNTS,     /* invalid send counts (NULL) */
  UPCCOLL_ERROR_RECVCNTS,     /* invalid receive counts (NULL) */
  UPCCOLL_ERROR_SDISPLS,      /* invalid send displacements (NULL) */
  UPCCOLL_ERROR_RDISPLS,      /* invalid receive displacements (NULL) */
  UPCCOLL_ERROR_MALLOC,       /* failure in malloc() (no shared memory for the call) */
  UPCCOLL_ERROR_UNINITIALIZED /* the library is not initialized */
} upccoll_return_t;

/* 3.4: UPC_TEAM_ALL is NULL. */
typedef void *upccoll_team_t;
#define UPC_TEAM_ALL ((upccoll_team_t)0)

/* A UPC front end declares the type itself, as the proposal's `shared void *` (pgas-upcc's <upccoll.h>). */
#ifndef PGAS_UPCCOLL_SHARED_PTR_DECLARED
typedef struct upccoll_shared_ptr {
  pgas_handle_t handle;
  int thread;
  size_t offset;
#ifdef __cplusplus
  upccoll_shared_ptr() = default;
  upccoll_shared_ptr(decltype(nullptr)) : handle(0), thread(0), offset(0) {}
  upccoll_shared_ptr(pgas_handle_t object, int owner, size_t byte)
      : handle(object), thread(owner), offset(byte) {}
  template <class PointerToShared, class = decltype(&PointerToShared::phase)>
  upccoll_shared_ptr(const PointerToShared &pointer)  // NOLINT: a pgas::global_ptr converts implicitly
      : handle(pointer.handle()), thread(pointer.thread()), offset(pointer.offset()) {}
#endif
} upccoll_shared_ptr_t;
#endif

/* 3.1.4 */
typedef void upccoll_user_fun(void *in, void *inout, size_t len, upccoll_dtype_t dt);

#ifdef __cplusplus
extern "C" {
#endif

#pragma GCC visibility push(default)

upccoll_return_t upccoll_op_create(upccoll_user_fun *function, int commute, upccoll_op_t *op);
upccoll_return_t upccoll_op_free(upccoll_op_t op);
upccoll_return_t upccoll_type_size(upccoll_dtype_t dt, size_t *nbytes);

/* 3.2 */
upccoll_return_t upccoll_initialize(int *argc, char ***argv);
upccoll_return_t upccoll_finalize(void);

/* 3.3 */
int upccoll_test(upccoll_handle_t h);
void upccoll_wait(upccoll_handle_t h);
void upccoll_fence(void);

/* 3.4 */
upccoll_return_t upccoll_team_rank(upccoll_team_t team, int *rank);
upccoll_return_t upccoll_team_size(upccoll_team_t team, int *size);
upccoll_return_t upccoll_team_split(upccoll_team_t team, int color, int key, upccoll_team_t *newteam);
void upccoll_team_free(upccoll_team_t team);

/* 3.5 */
upccoll_return_t upccoll_barrier(upccoll_team_t team, upccoll_flag_t flags, upccoll_handle_t *handle);
upccoll_return_t upccoll_bcast(upccoll_shared_ptr_t sendbuf, size_t sendcount, upccoll_dtype_t sendtype,
                               upccoll_shared_ptr_t recvbuf, size_t recvcnt, upccoll_dtype_t recvtype,
                               int root, upccoll_team_t team, upccoll_flag_t flags, upccoll_handle_t *handle);
upccoll_return_t upccoll_scatter(upccoll_shared_ptr_t sendbuf, size_t sendcnt, upccoll_dtype_t sendtype,
                                 upccoll_shared_ptr_t recvbuf, size_t recvcnt, upccoll_dtype_t recvtype,
                                 int root, upccoll_team_t team, upccoll_flag_t flags,
                                 upccoll_handle_t *handle);
upccoll_return_t upccoll_scatterv(upccoll_shared_ptr_t sendbuf, const size_t *sendcnts, const size_t *sdispls,
                                  upccoll_dtype_t sendtype, upccoll_shared_ptr_t recvbuf, size_t recvcnt,
                                  upccoll_dtype_t recvtype, int root, upccoll_team_t team,
                                  upccoll_flag_t flags, upccoll_handle_t *handle);
upccoll_return_t upccoll_gather(upccoll_shared_ptr_t sendbuf, size_t sendcnt, upccoll_dtype_t sendtype,
                                upccoll_shared_ptr_t recvbuf, size_t recvcnt, upccoll_dtype_t recvtype,
                                int root, upccoll_team_t team, upccoll_flag_t flags,
                                upccoll_handle_t *handle);
upccoll_return_t upccoll_gatherv(upccoll_shared_ptr_t sendbuf, size_t sendcnt, upccoll_dtype_t sendtype,
                                 upccoll_shared_ptr_t recvbuf, const size_t *recvcnts, const size_t *rdispls,
                                 upccoll_dtype_t recvtype, int root, upccoll_team_t team,
                                 upccoll_flag_t flags, upccoll_handle_t *handle);
upccoll_return_t upccoll_allgather(upccoll_shared_ptr_t sendbuf, size_t sendcnt, upccoll_dtype_t sendtype,
                                   upccoll_shared_ptr_t recvbuf, size_t recvcnt, upccoll_dtype_t recvtype,
                                   upccoll_team_t team, upccoll_flag_t flags, upccoll_handle_t *handle);
upccoll_return_t upccoll_allgatherv(upccoll_shared_ptr_t sendbuf, size_t sendcnt, upccoll_dtype_t sendtype,
                                    upccoll_shared_ptr_t recvbuf, const size_t *recvcnts,
                                    const size_t *rdispls, upccoll_dtype_t recvtype, upccoll_team_t team,
                                    upccoll_flag_t flags, upccoll_handle_t *handle);
upccoll_return_t upccoll_alltoall(upccoll_shared_ptr_t sendbuf, size_t sendcnt, upccoll_dtype_t sendtype,
                                  upccoll_shared_ptr_t recvbuf, size_t recvcnt, upccoll_dtype_t recvtype,
                                  upccoll_team_t team, upccoll_flag_t flags, upccoll_handle_t *handle);
upccoll_return_t upccoll_alltoallv(upccoll_shared_ptr_t sendbuf, const size_t *sendcnts,
                                   const size_t *sdispls, upccoll_dtype_t sendtype,
                                   upccoll_shared_ptr_t recvbuf, const size_t *recvcnts,
                                   const size_t *rdispls, upccoll_dtype_t recvtype, upccoll_team_t team,
                                   upccoll_flag_t flags, upccoll_handle_t *handle);
upccoll_return_t upccoll_reduce(upccoll_shared_ptr_t sendbuf, upccoll_shared_ptr_t recvbuf, size_t count,
                                upccoll_dtype_t dt, upccoll_op_t op, int root, upccoll_team_t team,
                                upccoll_flag_t flags, upccoll_handle_t *handle);
upccoll_return_t upccoll_allreduce(upccoll_shared_ptr_t sendbuf, upccoll_shared_ptr_t recvbuf, size_t count,
                                   upccoll_dtype_t dt, upccoll_op_t op, upccoll_team_t team,
                                   upccoll_flag_t flags, upccoll_handle_t *handle);
upccoll_return_t upccoll_reduce_scatter(upccoll_shared_ptr_t sendbuf, upccoll_shared_ptr_t recvbuf,
                                        size_t count, upccoll_dtype_t dt, upccoll_op_t op,
                                        upccoll_team_t team, upccoll_flag_t flags, upccoll_handle_t *handle);
upccoll_return_t upccoll_reduce_scatterv(upccoll_shared_ptr_t sendbuf, upccoll_shared_ptr_t recvbuf,
                                         const size_t *recvcounts, upccoll_dtype_t dt, upccoll_op_t op,
                                         upccoll_team_t team, upccoll_flag_t flags, upccoll_handle_t *handle);
upccoll_return_t upccoll_scan(upccoll_shared_ptr_t sendbuf, upccoll_shared_ptr_t recvbuf, size_t count,
                              upccoll_dtype_t dt, upccoll_op_t op, upccoll_team_t team, upccoll_flag_t flags,
                              upccoll_handle_t *handle);
upccoll_return_t upccoll_exscan(upccoll_shared_ptr_t sendbuf, upccoll_shared_ptr_t recvbuf, size_t count,
                                upccoll_dtype_t dt, upccoll_op_t op, upccoll_team_t team,
                                upccoll_flag_t flags, upccoll_handle_t *handle);

#pragma GCC visibility pop

#ifdef __cplusplus
}
#endif

#endif /* PGAS_UPCCOLL_H */
