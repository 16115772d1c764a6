/* One build's kernels as a vk_kernel_set (kernels.h): compiled with each build's flags and
 * renaming defines, so that vk_set_O2 and vk_set_O3 each hold their own build's functions. */
#include "kernels.h"

#define VK_ENTRY(type, name, params) .name##_fn = name,
const vk_kernel_set vk_set = {VK_SIGNATURES(VK_ENTRY)};
