/* Internal services of the core: initialisation state, where memory lives. */
#ifndef PARALIA_CORE_H
#define PARALIA_CORE_H
#include <errno.h>
#include <paralia.h>
#include <starpu.h>
#include "codelets/codelet.h"

/* StarPU memory node holding ptr (host RAM or the GPU it lives on); PARALIA_ERR_PLACEMENT if the
 * pointer is on a GPU StarPU does not drive. */
int pl_memory_node_of(const void *ptr, unsigned *node);

/* Releases every kept matrix (src/blas/keep.c), at paralia_shutdown. */
void pl_keep_shutdown(void);
#endif
