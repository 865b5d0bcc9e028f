// LD_PRELOAD shim for Benchmarks/allocations: counts heap allocations (malloc, posix_memalign,
// aligned_alloc) and prints the total when the process exits. Not part of any product.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

static atomic_long allocations;

void *malloc(size_t size) {
    static void *(*real)(size_t);
    if (!real) real = (void *(*)(size_t))dlsym(RTLD_NEXT, "malloc");
    atomic_fetch_add(&allocations, 1);
    return real(size);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    static int (*real)(void **, size_t, size_t);
    if (!real) real = (int (*)(void **, size_t, size_t))dlsym(RTLD_NEXT, "posix_memalign");
    atomic_fetch_add(&allocations, 1);
    return real(out, alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    static void *(*real)(size_t, size_t);
    if (!real) real = (void *(*)(size_t, size_t))dlsym(RTLD_NEXT, "aligned_alloc");
    atomic_fetch_add(&allocations, 1);
    return real(alignment, size);
}

__attribute__((destructor)) static void report(void) {
    fprintf(stderr, "allocations: %ld\n", atomic_load(&allocations));
}
