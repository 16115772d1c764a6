	.file	"vmax.c"
	.text
.Ltext0:
	.file 0 "." "vmax.c"
	.p2align 4
	.globl	vmax
	.type	vmax, @function
vmax:
.LVL0:
.LFB0:
	.file 1 "vmax.c"
	.loc 1 2 1 view -0
	.cfi_startproc
	.loc 1 3 5 view .LVU1
	.loc 1 3 12 is_stmt 0 view .LVU2
	vmovsd	(%rsi), %xmm0
.LVL1:
	.loc 1 4 5 is_stmt 1 view .LVU3
.LBB2:
	.loc 1 4 10 view .LVU4
	.loc 1 4 24 view .LVU5
	testq	%rdi, %rdi
	jle	.L1
	leaq	(%rsi,%rdi,8), %rax
.LVL2:
	.p2align 4,,10
	.p2align 3
.L5:
	.loc 1 5 9 view .LVU6
	.loc 1 5 14 is_stmt 0 view .LVU7
	vmovsd	(%rsi), %xmm1
	.loc 1 4 24 view .LVU8
	addq	$8, %rsi
	.loc 1 5 14 view .LVU9
	vmaxsd	%xmm0, %xmm1, %xmm0
.LVL3:
	.loc 1 4 30 is_stmt 1 view .LVU10
	.loc 1 4 24 view .LVU11
	cmpq	%rsi, %rax
	jne	.L5
.L1:
	.loc 1 4 24 is_stmt 0 view .LVU12
.LBE2:
	.loc 1 7 1 view .LVU13
	ret
	.cfi_endproc
.LFE0:
	.size	vmax, .-vmax
.Letext0:
	.section	.debug_info,"",@progbits
.Ldebug_info0:
	.long	0xb7
	.value	0x5
	.byte	0x1
	.byte	0x8
	.long	.Ldebug_abbrev0
	.uleb128 0x3
	.long	.LASF4
	.byte	0x1d
	.long	.LASF0
	.long	.LASF1
	.quad	.Ltext0
	.quad	.Letext0-.Ltext0
	.long	.Ldebug_line0
	.uleb128 0x4
	.long	.LASF5
	.byte	0x1
	.byte	0x1
	.byte	0x8
	.long	0xa3
	.quad	.LFB0
	.quad	.LFE0-.LFB0
	.uleb128 0x1
	.byte	0x9c
	.long	0xa3
	.uleb128 0x5
	.string	"n"
	.byte	0x1
	.byte	0x1
	.byte	0x12
	.long	0xae
	.uleb128 0x1
	.byte	0x55
	.uleb128 0x6
	.string	"a"
	.byte	0x1
	.byte	0x1
	.byte	0x23
	.long	0xb4
	.long	.LLST0
	.long	.LVUS0
	.uleb128 0x1
	.string	"m"
	.byte	0x3
	.byte	0xc
	.long	0xa3
	.long	.LLST1
	.long	.LVUS1
	.uleb128 0x7
	.quad	.LBB2
	.quad	.LBE2-.LBB2
	.uleb128 0x1
	.string	"i"
	.byte	0x4
	.byte	0xf
	.long	0xae
	.long	.LLST2
	.long	.LVUS2
	.byte	0
	.byte	0
	.uleb128 0x2
	.byte	0x4
	.long	.LASF2
	.uleb128 0x8
	.long	0xa3
	.uleb128 0x2
	.byte	0x5
	.long	.LASF3
	.uleb128 0x9
	.byte	0x8
	.long	0xa9
	.byte	0
	.section	.debug_abbrev,"",@progbits
.Ldebug_abbrev0:
	.uleb128 0x1
	.uleb128 0x34
	.byte	0
	.uleb128 0x3
	.uleb128 0x8
	.uleb128 0x3a
	.uleb128 0x21
	.sleb128 1
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x2
	.uleb128 0x17
	.uleb128 0x2137
	.uleb128 0x17
	.byte	0
	.byte	0
	.uleb128 0x2
	.uleb128 0x24
	.byte	0
	.uleb128 0xb
	.uleb128 0x21
	.sleb128 8
	.uleb128 0x3e
	.uleb128 0xb
	.uleb128 0x3
	.uleb128 0xe
	.byte	0
	.byte	0
	.uleb128 0x3
	.uleb128 0x11
	.byte	0x1
	.uleb128 0x25
	.uleb128 0xe
	.uleb128 0x13
	.uleb128 0xb
	.uleb128 0x3
	.uleb128 0x1f
	.uleb128 0x1b
	.uleb128 0x1f
	.uleb128 0x11
	.uleb128 0x1
	.uleb128 0x12
	.uleb128 0x7
	.uleb128 0x10
	.uleb128 0x17
	.byte	0
	.byte	0
	.uleb128 0x4
	.uleb128 0x2e
	.byte	0x1
	.uleb128 0x3f
	.uleb128 0x19
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x27
	.uleb128 0x19
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x11
	.uleb128 0x1
	.uleb128 0x12
	.uleb128 0x7
	.uleb128 0x40
	.uleb128 0x18
	.uleb128 0x7a
	.uleb128 0x19
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x5
	.uleb128 0x5
	.byte	0
	.uleb128 0x3
	.uleb128 0x8
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x2
	.uleb128 0x18
	.byte	0
	.byte	0
	.uleb128 0x6
	.uleb128 0x5
	.byte	0
	.uleb128 0x3
	.uleb128 0x8
	.uleb128 0x3a
	.uleb128 0xb
	.uleb128 0x3b
	.uleb128 0xb
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x2
	.uleb128 0x17
	.uleb128 0x2137
	.uleb128 0x17
	.byte	0
	.byte	0
	.uleb128 0x7
	.uleb128 0xb
	.byte	0x1
	.uleb128 0x11
	.uleb128 0x1
	.uleb128 0x12
	.uleb128 0x7
	.byte	0
	.byte	0
	.uleb128 0x8
	.uleb128 0x26
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x9
	.uleb128 0xf
	.byte	0
	.uleb128 0xb
	.uleb128 0xb
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.byte	0
	.section	.debug_loclists,"",@progbits
	.long	.Ldebug_loc3-.Ldebug_loc2
.Ldebug_loc2:
	.value	0x5
	.byte	0x8
	.byte	0
	.long	0
.Ldebug_loc0:
.LVUS0:
	.uleb128 0
	.uleb128 .LVU6
	.uleb128 .LVU6
	.uleb128 0
.LLST0:
	.byte	0x4
	.uleb128 .LVL0-.Ltext0
	.uleb128 .LVL2-.Ltext0
	.uleb128 0x1
	.byte	0x54
	.byte	0x4
	.uleb128 .LVL2-.Ltext0
	.uleb128 .LFE0-.Ltext0
	.uleb128 0x4
	.byte	0xa3
	.uleb128 0x1
	.byte	0x54
	.byte	0x9f
	.byte	0
.LVUS1:
	.uleb128 .LVU3
	.uleb128 0
.LLST1:
	.byte	0x4
	.uleb128 .LVL1-.Ltext0
	.uleb128 .LFE0-.Ltext0
	.uleb128 0x1
	.byte	0x61
	.byte	0
.LVUS2:
	.uleb128 .LVU5
	.uleb128 .LVU6
.LLST2:
	.byte	0x4
	.uleb128 .LVL1-.Ltext0
	.uleb128 .LVL2-.Ltext0
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0
.Ldebug_loc3:
	.section	.debug_aranges,"",@progbits
	.long	0x2c
	.value	0x2
	.long	.Ldebug_info0
	.byte	0x8
	.byte	0
	.value	0
	.value	0
	.quad	.Ltext0
	.quad	.Letext0-.Ltext0
	.quad	0
	.quad	0
	.section	.debug_line,"",@progbits
.Ldebug_line0:
	.section	.debug_str,"MS",@progbits,1
.LASF3:
	.string	"long int"
.LASF4:
	.string	"GNU C17 12.2.0 -march=x86-64-v4 -g -O3 -fasynchronous-unwind-tables"
.LASF2:
	.string	"double"
.LASF5:
	.string	"vmax"
	.section	.debug_line_str,"MS",@progbits,1
.LASF1:
	.string	"."
.LASF0:
	.string	"vmax.c"
	.ident	"GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
