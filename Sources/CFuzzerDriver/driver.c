// The declaration in include/fuzzer_driver.h is all this target provides.
#include "fuzzer_driver.h"
