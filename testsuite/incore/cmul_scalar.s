	.file	"cmul.c"
	.text
.Ltext0:
	.file 0 "." "cmul.c"
	.p2align 4
	.globl	cmul
	.type	cmul, @function
cmul:
.LVL0:
.LFB0:
	.file 1 "cmul.c"
	.loc 1 5 1 view -0
	.cfi_startproc
.LBB2:
.LBB3:
	.loc 1 7 10 view .LVU1
.LBE3:
.LBE2:
	.loc 1 5 1 is_stmt 0 view .LVU2
	pushq	%r14
	.cfi_def_cfa_offset 16
	.cfi_offset 14, -16
	pushq	%r13
	.cfi_def_cfa_offset 24
	.cfi_offset 13, -24
	movq	%rsi, %r13
	pushq	%r12
	.cfi_def_cfa_offset 32
	.cfi_offset 12, -32
	movq	%rdx, %r12
	pushq	%rbp
	.cfi_def_cfa_offset 40
	.cfi_offset 6, -40
	movq	%rcx, %rbp
	pushq	%rbx
	.cfi_def_cfa_offset 48
	.cfi_offset 3, -48
	.loc 1 5 1 view .LVU3
	movq	%rdi, %rbx
	call	omp_get_num_threads@PLT
.LVL1:
	.loc 1 5 1 view .LVU4
	movslq	%eax, %r14
	call	omp_get_thread_num@PLT
.LVL2:
	movslq	%eax, %rcx
	movq	%rbx, %rax
	cqto
	idivq	%r14
	cmpq	%rdx, %rcx
	jl	.L8
.L2:
	imulq	%rax, %rcx
	addq	%rcx, %rdx
	leaq	(%rax,%rdx), %rcx
	cmpq	%rcx, %rdx
	jge	.L3
	salq	$4, %rdx
	salq	$4, %rax
	addq	%rdx, %r13
.LVL3:
	.loc 1 5 1 view .LVU5
	addq	%rdx, %r12
.LVL4:
	.loc 1 5 1 view .LVU6
	addq	%rdx, %rbp
.LVL5:
	.loc 1 5 1 view .LVU7
	xorl	%edx, %edx
	.p2align 4,,10
	.p2align 3
.L4:
.LBB5:
.LBB4:
	.loc 1 8 9 is_stmt 1 discriminator 1 view .LVU8
	.loc 1 8 23 is_stmt 0 discriminator 1 view .LVU9
	movupd	0(%r13,%rdx), %xmm1
	.loc 1 8 33 discriminator 1 view .LVU10
	movupd	(%r12,%rdx), %xmm2
	.loc 1 8 23 discriminator 1 view .LVU11
	movupd	0(%r13,%rdx), %xmm0
	unpcklpd	%xmm1, %xmm1
	.loc 1 8 27 discriminator 1 view .LVU12
	mulpd	%xmm2, %xmm1
	.loc 1 8 23 discriminator 1 view .LVU13
	unpckhpd	%xmm0, %xmm0
	.loc 1 8 33 discriminator 1 view .LVU14
	shufpd	$1, %xmm2, %xmm2
	.loc 1 8 47 discriminator 1 view .LVU15
	mulpd	%xmm2, %xmm0
	.loc 1 9 9 is_stmt 1 discriminator 1 view .LVU16
	.loc 1 8 37 is_stmt 0 discriminator 1 view .LVU17
	movapd	%xmm1, %xmm2
	subpd	%xmm0, %xmm2
	.loc 1 9 37 discriminator 1 view .LVU18
	addpd	%xmm0, %xmm1
	.loc 1 8 17 discriminator 1 view .LVU19
	movsd	%xmm2, %xmm1
	movups	%xmm1, 0(%rbp,%rdx)
	addq	$16, %rdx
	cmpq	%rdx, %rax
	jne	.L4
.L3:
	.loc 1 8 17 discriminator 1 view .LVU20
.LBE4:
.LBE5:
	.loc 1 11 1 view .LVU21
	popq	%rbx
	.cfi_remember_state
	.cfi_def_cfa_offset 40
.LVL6:
	.loc 1 11 1 view .LVU22
	popq	%rbp
	.cfi_def_cfa_offset 32
	popq	%r12
	.cfi_def_cfa_offset 24
	popq	%r13
	.cfi_def_cfa_offset 16
	popq	%r14
	.cfi_def_cfa_offset 8
	jmp	GOMP_barrier@PLT
.LVL7:
	.p2align 4,,10
	.p2align 3
.L8:
	.cfi_restore_state
	.loc 1 11 1 view .LVU23
	addq	$1, %rax
	.loc 1 5 1 view .LVU24
	xorl	%edx, %edx
	jmp	.L2
	.cfi_endproc
.LFE0:
	.size	cmul, .-cmul
.Letext0:
	.file 2 "<built-in>"
	.section	.debug_info,"",@progbits
.Ldebug_info0:
	.long	0x137
	.value	0x5
	.byte	0x1
	.byte	0x8
	.long	.Ldebug_abbrev0
	.uleb128 0xa
	.long	.LASF11
	.byte	0x1d
	.long	.LASF0
	.long	.LASF1
	.quad	.Ltext0
	.quad	.Letext0-.Ltext0
	.long	.Ldebug_line0
	.uleb128 0xb
	.long	.LASF12
	.byte	0x1
	.byte	0x3
	.byte	0x6
	.quad	.LFB0
	.quad	.LFE0-.LFB0
	.uleb128 0x1
	.byte	0x9c
	.long	0xd6
	.uleb128 0x1
	.string	"n"
	.byte	0x3
	.byte	0x10
	.long	0xd6
	.long	.LLST0
	.long	.LVUS0
	.uleb128 0x1
	.string	"x"
	.byte	0x3
	.byte	0x2b
	.long	0x101
	.long	.LLST1
	.long	.LVUS1
	.uleb128 0x1
	.string	"y"
	.byte	0x3
	.byte	0x4a
	.long	0x101
	.long	.LLST2
	.long	.LVUS2
	.uleb128 0x1
	.string	"z"
	.byte	0x4
	.byte	0x1d
	.long	0x11a
	.long	.LLST3
	.long	.LVUS3
	.uleb128 0xc
	.long	.LLRL4
	.long	0xae
	.uleb128 0x4
	.string	"i"
	.long	0xd6
	.uleb128 0xd
	.long	.LLRL4
	.uleb128 0x4
	.string	"i"
	.long	0xd6
	.byte	0
	.byte	0
	.uleb128 0x5
	.quad	.LVL1
	.long	0x11f
	.uleb128 0x5
	.quad	.LVL2
	.long	0x128
	.uleb128 0xe
	.quad	.LVL7
	.long	0x131
	.byte	0
	.uleb128 0x2
	.byte	0x5
	.long	.LASF2
	.uleb128 0x6
	.long	0xf7
	.long	0xeb
	.uleb128 0x7
	.long	0xeb
	.byte	0
	.uleb128 0x2
	.byte	0x7
	.long	.LASF3
	.uleb128 0x2
	.byte	0x4
	.long	.LASF4
	.uleb128 0xf
	.long	0xf1
	.uleb128 0x8
	.long	0xdc
	.uleb128 0x9
	.long	0xfc
	.uleb128 0x6
	.long	0xf1
	.long	0x115
	.uleb128 0x7
	.long	0xeb
	.byte	0
	.uleb128 0x8
	.long	0x106
	.uleb128 0x9
	.long	0x115
	.uleb128 0x3
	.long	.LASF5
	.long	.LASF7
	.uleb128 0x3
	.long	.LASF6
	.long	.LASF8
	.uleb128 0x3
	.long	.LASF9
	.long	.LASF10
	.byte	0
	.section	.debug_abbrev,"",@progbits
.Ldebug_abbrev0:
	.uleb128 0x1
	.uleb128 0x5
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
	.uleb128 0x2e
	.byte	0
	.uleb128 0x3f
	.uleb128 0x19
	.uleb128 0x3c
	.uleb128 0x19
	.uleb128 0x6e
	.uleb128 0xe
	.uleb128 0x3
	.uleb128 0xe
	.uleb128 0x3a
	.uleb128 0x21
	.sleb128 2
	.uleb128 0x3b
	.uleb128 0x21
	.sleb128 0
	.byte	0
	.byte	0
	.uleb128 0x4
	.uleb128 0x34
	.byte	0
	.uleb128 0x3
	.uleb128 0x8
	.uleb128 0x3a
	.uleb128 0x21
	.sleb128 1
	.uleb128 0x3b
	.uleb128 0x21
	.sleb128 7
	.uleb128 0x39
	.uleb128 0x21
	.sleb128 15
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x5
	.uleb128 0x48
	.byte	0
	.uleb128 0x7d
	.uleb128 0x1
	.uleb128 0x7f
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x6
	.uleb128 0x1
	.byte	0x1
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x7
	.uleb128 0x21
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x2f
	.uleb128 0x21
	.sleb128 1
	.byte	0
	.byte	0
	.uleb128 0x8
	.uleb128 0xf
	.byte	0
	.uleb128 0xb
	.uleb128 0x21
	.sleb128 8
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x9
	.uleb128 0x37
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0xa
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
	.uleb128 0xb
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
	.uleb128 0xc
	.uleb128 0xb
	.byte	0x1
	.uleb128 0x55
	.uleb128 0x17
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0xd
	.uleb128 0xb
	.byte	0x1
	.uleb128 0x55
	.uleb128 0x17
	.byte	0
	.byte	0
	.uleb128 0xe
	.uleb128 0x48
	.byte	0
	.uleb128 0x7d
	.uleb128 0x1
	.uleb128 0x82
	.uleb128 0x19
	.uleb128 0x7f
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0xf
	.uleb128 0x26
	.byte	0
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
	.uleb128 .LVU4
	.uleb128 .LVU4
	.uleb128 .LVU22
	.uleb128 .LVU22
	.uleb128 .LVU23
	.uleb128 .LVU23
	.uleb128 0
.LLST0:
	.byte	0x4
	.uleb128 .LVL0-.Ltext0
	.uleb128 .LVL1-1-.Ltext0
	.uleb128 0x1
	.byte	0x55
	.byte	0x4
	.uleb128 .LVL1-1-.Ltext0
	.uleb128 .LVL6-.Ltext0
	.uleb128 0x1
	.byte	0x53
	.byte	0x4
	.uleb128 .LVL6-.Ltext0
	.uleb128 .LVL7-.Ltext0
	.uleb128 0x4
	.byte	0xa3
	.uleb128 0x1
	.byte	0x55
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL7-.Ltext0
	.uleb128 .LFE0-.Ltext0
	.uleb128 0x1
	.byte	0x53
	.byte	0
.LVUS1:
	.uleb128 0
	.uleb128 .LVU4
	.uleb128 .LVU4
	.uleb128 .LVU5
	.uleb128 .LVU5
	.uleb128 .LVU23
	.uleb128 .LVU23
	.uleb128 0
.LLST1:
	.byte	0x4
	.uleb128 .LVL0-.Ltext0
	.uleb128 .LVL1-1-.Ltext0
	.uleb128 0x1
	.byte	0x54
	.byte	0x4
	.uleb128 .LVL1-1-.Ltext0
	.uleb128 .LVL3-.Ltext0
	.uleb128 0x1
	.byte	0x5d
	.byte	0x4
	.uleb128 .LVL3-.Ltext0
	.uleb128 .LVL7-.Ltext0
	.uleb128 0x4
	.byte	0xa3
	.uleb128 0x1
	.byte	0x54
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL7-.Ltext0
	.uleb128 .LFE0-.Ltext0
	.uleb128 0x1
	.byte	0x5d
	.byte	0
.LVUS2:
	.uleb128 0
	.uleb128 .LVU4
	.uleb128 .LVU4
	.uleb128 .LVU6
	.uleb128 .LVU6
	.uleb128 .LVU23
	.uleb128 .LVU23
	.uleb128 0
.LLST2:
	.byte	0x4
	.uleb128 .LVL0-.Ltext0
	.uleb128 .LVL1-1-.Ltext0
	.uleb128 0x1
	.byte	0x51
	.byte	0x4
	.uleb128 .LVL1-1-.Ltext0
	.uleb128 .LVL4-.Ltext0
	.uleb128 0x1
	.byte	0x5c
	.byte	0x4
	.uleb128 .LVL4-.Ltext0
	.uleb128 .LVL7-.Ltext0
	.uleb128 0x4
	.byte	0xa3
	.uleb128 0x1
	.byte	0x51
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL7-.Ltext0
	.uleb128 .LFE0-.Ltext0
	.uleb128 0x1
	.byte	0x5c
	.byte	0
.LVUS3:
	.uleb128 0
	.uleb128 .LVU4
	.uleb128 .LVU4
	.uleb128 .LVU7
	.uleb128 .LVU7
	.uleb128 .LVU23
	.uleb128 .LVU23
	.uleb128 0
.LLST3:
	.byte	0x4
	.uleb128 .LVL0-.Ltext0
	.uleb128 .LVL1-1-.Ltext0
	.uleb128 0x1
	.byte	0x52
	.byte	0x4
	.uleb128 .LVL1-1-.Ltext0
	.uleb128 .LVL5-.Ltext0
	.uleb128 0x1
	.byte	0x56
	.byte	0x4
	.uleb128 .LVL5-.Ltext0
	.uleb128 .LVL7-.Ltext0
	.uleb128 0x4
	.byte	0xa3
	.uleb128 0x1
	.byte	0x52
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL7-.Ltext0
	.uleb128 .LFE0-.Ltext0
	.uleb128 0x1
	.byte	0x56
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
	.section	.debug_rnglists,"",@progbits
.Ldebug_ranges0:
	.long	.Ldebug_ranges3-.Ldebug_ranges2
.Ldebug_ranges2:
	.value	0x5
	.byte	0x8
	.byte	0
	.long	0
.LLRL4:
	.byte	0x4
	.uleb128 .LBB2-.Ltext0
	.uleb128 .LBE2-.Ltext0
	.byte	0x4
	.uleb128 .LBB5-.Ltext0
	.uleb128 .LBE5-.Ltext0
	.byte	0
.Ldebug_ranges3:
	.section	.debug_line,"",@progbits
.Ldebug_line0:
	.section	.debug_str,"MS",@progbits,1
.LASF7:
	.string	"__builtin_omp_get_num_threads"
.LASF3:
	.string	"long unsigned int"
.LASF8:
	.string	"__builtin_omp_get_thread_num"
.LASF9:
	.string	"GOMP_barrier"
.LASF11:
	.string	"GNU C17 12.2.0 -mtune=generic -march=x86-64 -g -O2 -fopenmp -fasynchronous-unwind-tables"
.LASF6:
	.string	"omp_get_thread_num"
.LASF10:
	.string	"__builtin_GOMP_barrier"
.LASF2:
	.string	"long int"
.LASF4:
	.string	"double"
.LASF5:
	.string	"omp_get_num_threads"
.LASF12:
	.string	"cmul"
	.section	.debug_line_str,"MS",@progbits,1
.LASF1:
	.string	"."
.LASF0:
	.string	"cmul.c"
	.ident	"GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
