// libFuzzer's driver, for clickguard-fuzz built with -sanitize=fuzzer
// (make fuzz): the program keeps its own main and hands libFuzzer the
// target it chose. Declared here because libFuzzer ships no header.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
