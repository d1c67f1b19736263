// The PGAS dialect: UPC semantics in C++20. Include this one header.
//
//   #include <pgas/upc.hpp>
//   using namespace pgas;
//   shared_array<int> x(100 * THREADS);          // shared int x[100*THREADS];
//   upc_forall(int i = 0, i < x.size(), i++, &x[i]) x[i] = MYTHREAD;
//   upc_barrier;
#pragma once

#include "pgas/bupc_strided.h"
#include "pgas/bupc_transfers.h"
#include "pgas/detail/api.hpp"
#include "pgas/forall.hpp"
#include "pgas/global_ptr.hpp"
#include "pgas/layout.hpp"
#include "pgas/locks.h"
#include "pgas/memory.hpp"
#include "pgas/pairsync.h"
#include "pgas/shared_array.hpp"
#include "pgas/shared_ref.hpp"
#include "pgas/sync.hpp"
#include "pgas/transport.h"
#include "pgas/upc_atomic.h"
#include "pgas/upc_collective.h"
#include "pgas/upc_nb.h"
#include "pgas/upc_sem.h"
#include "pgas/upc_sizeof.hpp"
#include "pgas/upc_tick.h"
#include "pgas/upc_types.h"
#include "pgas/upccoll.h"
#include "pgas/vector.hpp"

#define MYTHREAD (::pgas::mythread())
#define THREADS (::pgas::threads())
