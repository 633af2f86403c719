// libFuzzer's entry for a program with its own main (LLVM 11 and later). Linked only when
// ilgi-fuzz is built with -sanitize=fuzzer (`make fuzz`).
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
