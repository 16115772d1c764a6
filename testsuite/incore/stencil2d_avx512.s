	.file	"stencil2d.c"
	.text
.Ltext0:
	.file 0 "." "stencil2d.c"
	.p2align 4
	.globl	stencil2d
	.type	stencil2d, @function
stencil2d:
.LVL0:
.LFB0:
	.file 1 "stencil2d.c"
	.loc 1 4 1 view -0
	.cfi_startproc
	.loc 1 4 1 is_stmt 0 view .LVU1
	pushq	%rbp
	.cfi_def_cfa_offset 16
	.cfi_offset 6, -16
	movq	%rsp, %rbp
	.cfi_def_cfa_register 6
	pushq	%r15
	.cfi_offset 15, -24
	movq	%rdi, %r15
.LVL1:
.LBB2:
.LBB3:
	.loc 1 6 10 is_stmt 1 view .LVU2
.LBE3:
.LBE2:
	.loc 1 4 1 is_stmt 0 view .LVU3
	pushq	%r14
	pushq	%r13
	pushq	%r12
	pushq	%rbx
	.cfi_offset 14, -32
	.cfi_offset 13, -40
	.cfi_offset 12, -48
	.cfi_offset 3, -56
	movq	%rsi, %rbx
	andq	$-64, %rsp
	addq	$-128, %rsp
	.loc 1 4 1 view .LVU4
	movq	%rdx, 104(%rsp)
	movq	%rdi, 120(%rsp)
	call	omp_get_num_threads@PLT
.LVL2:
	.loc 1 4 1 view .LVU5
	movslq	%eax, %r13
	call	omp_get_thread_num@PLT
.LVL3:
	movslq	%eax, %rcx
	leaq	-2(%r15), %rax
	cqto
	movq	%rax, 72(%rsp)
	idivq	%r13
	cmpq	%rdx, %rcx
	jl	.L30
.L2:
	imulq	%rax, %rcx
	addq	%rcx, %rdx
	addq	%rdx, %rax
	cmpq	%rax, %rdx
	jge	.L7
	.loc 1 3 48 view .LVU6
	movq	120(%rsp), %rcx
	leaq	1(%rdx), %r15
.LVL4:
	.loc 1 3 48 view .LVU7
	movq	%r15, 112(%rsp)
.LVL5:
	.loc 1 3 48 view .LVU8
	leaq	-1(%rcx), %rsi
	movq	%rsi, 40(%rsp)
	cmpq	$1, %rsi
	jle	.L7
	movq	%rcx, %r11
	addq	$1, %rax
	leaq	0(,%rcx,8), %r12
.LBB9:
.LBB7:
.LBB4:
	.loc 1 8 30 view .LVU9
	vmovsd	.LC1(%rip), %xmm7
	imulq	%rdx, %r11
	addq	$2, %rdx
	movq	%rax, 80(%rsp)
	movq	%rcx, %rax
	imulq	%rcx, %rdx
	leaq	1(%rax,%rax), %rax
	vmovddup	%xmm7, %xmm6
	imulq	%r12, %r15
.LVL6:
	.loc 1 8 30 view .LVU10
	vmovq	%rax, %xmm5
	vbroadcastsd	%xmm7, %ymm4
	leaq	8(%rbx,%r11,8), %rdi
	vbroadcastsd	%xmm7, %zmm1
	leaq	8(%rbx,%rdx,8), %rsi
	subq	%rcx, %rdx
	leaq	16(%rbx,%rdx,8), %r8
	movq	104(%rsp), %rdx
	movq	%r15, %r13
	addq	%rdx, %r13
	leaq	-3(%rcx), %rdx
	movq	%rdx, 88(%rsp)
	movq	72(%rsp), %rdx
	movq	%rdx, %rcx
	movq	%rdx, %r10
	andl	$7, %edx
	andq	$-8, %rcx
	shrq	$3, %r10
	movq	%rdx, 64(%rsp)
	movq	%rcx, 48(%rsp)
	addq	$1, %rcx
	movq	%rcx, 56(%rsp)
	movq	%r10, 96(%rsp)
.LVL7:
	.p2align 4,,10
	.p2align 3
.L10:
	.loc 1 8 30 view .LVU11
.LBE4:
	.loc 1 7 9 is_stmt 1 view .LVU12
.LBB5:
	.loc 1 7 14 view .LVU13
	.loc 1 7 28 view .LVU14
	movq	120(%rsp), %rdx
	addq	$1, 112(%rsp)
.LVL8:
	.loc 1 7 28 is_stmt 0 view .LVU15
	movq	%r11, %rax
	addq	%rdx, %r11
	cmpq	$6, 88(%rsp)
	.loc 1 8 65 view .LVU16
	leaq	-16(%r8), %rdx
	jbe	.L15
	movq	96(%rsp), %r10
	leaq	8(%r13), %r14
	xorl	%ecx, %ecx
	xorl	%r9d, %r9d
.LVL9:
	.p2align 4,,10
	.p2align 3
.L8:
	.loc 1 8 13 is_stmt 1 discriminator 3 view .LVU17
	.loc 1 8 46 is_stmt 0 discriminator 3 view .LVU18
	vmovupd	(%rsi,%rcx), %zmm2
	vaddpd	(%rdi,%rcx), %zmm2, %zmm0
	.loc 1 7 28 discriminator 3 view .LVU19
	addq	$1, %r9
	.loc 1 8 61 discriminator 3 view .LVU20
	vaddpd	(%rdx,%rcx), %zmm0, %zmm0
	.loc 1 8 76 discriminator 3 view .LVU21
	vaddpd	(%r8,%rcx), %zmm0, %zmm0
	.loc 1 8 30 discriminator 3 view .LVU22
	vmulpd	%zmm1, %zmm0, %zmm0
	.loc 1 8 23 discriminator 3 view .LVU23
	vmovupd	%zmm0, (%r14,%rcx)
	.loc 1 7 38 is_stmt 1 discriminator 3 view .LVU24
	.loc 1 7 28 discriminator 3 view .LVU25
	addq	$64, %rcx
	cmpq	%r9, %r10
	jne	.L8
	cmpq	$0, 64(%rsp)
	movq	%r10, 96(%rsp)
	je	.L11
	.loc 1 7 28 is_stmt 0 view .LVU26
	movq	48(%rsp), %r9
	.loc 1 7 19 view .LVU27
	movq	56(%rsp), %rcx
.L5:
	.loc 1 7 19 view .LVU28
	movq	120(%rsp), %r14
	subq	%r9, %r14
	leaq	-2(%r14), %r15
	subq	$3, %r14
	cmpq	$2, %r14
	jbe	.L12
	.loc 1 8 13 is_stmt 1 view .LVU29
	.loc 1 8 42 is_stmt 0 view .LVU30
	leaq	1(%rax,%r9), %r10
	leaq	(%r11,%r9), %r14
	vmovq	%r10, %xmm3
	.loc 1 8 57 view .LVU31
	vmovq	%xmm5, %r10
	addq	%r10, %rax
	addq	%r9, %rax
	vmovupd	(%rbx,%rax,8), %ymm0
	.loc 1 8 46 view .LVU32
	vmovq	%xmm3, %rax
	vaddpd	(%rbx,%rax,8), %ymm0, %ymm0
	.loc 1 8 61 view .LVU33
	vaddpd	(%rbx,%r14,8), %ymm0, %ymm0
	.loc 1 8 76 view .LVU34
	vaddpd	16(%rbx,%r14,8), %ymm0, %ymm0
	.loc 1 8 23 view .LVU35
	movq	104(%rsp), %rax
	.loc 1 8 30 view .LVU36
	vmulpd	%ymm4, %ymm0, %ymm0
	.loc 1 8 23 view .LVU37
	vmovupd	%ymm0, 8(%rax,%r14,8)
	.loc 1 7 38 is_stmt 1 view .LVU38
	.loc 1 7 28 view .LVU39
	movq	%r15, %rax
	andq	$-4, %rax
	addq	%rax, %rcx
	andl	$3, %r15d
	je	.L11
.L12:
	.loc 1 7 28 is_stmt 0 view .LVU40
	leaq	(%rcx,%r11), %rax
	movq	72(%rsp), %r10
	.loc 1 8 35 view .LVU41
	leaq	-8(%rdi), %r9
	leaq	(%rbx,%rax,8), %r15
	leaq	1(%rcx), %rax
	.loc 1 8 50 view .LVU42
	leaq	-8(%rsi), %r14
	cmpq	%r10, %rax
	jge	.L16
.LVL10:
	.loc 1 8 13 is_stmt 1 view .LVU43
	.loc 1 8 46 is_stmt 0 view .LVU44
	vmovupd	-8(%rdi,%rcx,8), %xmm2
	vaddpd	-8(%rsi,%rcx,8), %xmm2, %xmm0
	.loc 1 8 61 view .LVU45
	vaddpd	-8(%r15), %xmm0, %xmm0
	.loc 1 8 83 view .LVU46
	vmovupd	(%rdx,%rax,8), %xmm3
	.loc 1 7 38 is_stmt 1 view .LVU47
.LVL11:
	.loc 1 7 28 view .LVU48
	.loc 1 8 13 view .LVU49
	leaq	3(%rcx), %r15
	.loc 1 8 86 is_stmt 0 view .LVU50
	leaq	2(%rcx), %rax
.LVL12:
	.loc 1 8 76 view .LVU51
	vaddpd	%xmm3, %xmm0, %xmm0
	.loc 1 8 30 view .LVU52
	vmulpd	%xmm6, %xmm0, %xmm0
	.loc 1 8 23 view .LVU53
	vmovupd	%xmm0, 0(%r13,%rcx,8)
	.loc 1 7 38 is_stmt 1 view .LVU54
.LVL13:
	.loc 1 7 28 view .LVU55
	cmpq	%r15, %r10
	jle	.L14
	.loc 1 8 13 view .LVU56
	.loc 1 8 46 is_stmt 0 view .LVU57
	vmovupd	(%r9,%rax,8), %xmm2
	vaddpd	(%r14,%rax,8), %xmm2, %xmm0
	.loc 1 8 83 view .LVU58
	vmovupd	(%rdx,%r15,8), %xmm8
	.loc 1 7 38 is_stmt 1 view .LVU59
.LVL14:
	.loc 1 7 28 view .LVU60
	.loc 1 8 13 view .LVU61
	.loc 1 8 86 is_stmt 0 view .LVU62
	leaq	4(%rcx), %r15
.LVL15:
	.loc 1 8 86 view .LVU63
	movq	%r15, 32(%rsp)
	.loc 1 8 61 view .LVU64
	vaddpd	%xmm3, %xmm0, %xmm0
	.loc 1 8 76 view .LVU65
	vaddpd	%xmm8, %xmm0, %xmm0
	.loc 1 8 30 view .LVU66
	vmulpd	%xmm6, %xmm0, %xmm0
	.loc 1 8 23 view .LVU67
	vmovupd	%xmm0, 0(%r13,%rax,8)
	.loc 1 7 38 is_stmt 1 view .LVU68
.LVL16:
	.loc 1 7 28 view .LVU69
	leaq	5(%rcx), %rax
	vmovq	%rax, %xmm3
	.loc 1 8 86 is_stmt 0 view .LVU70
	movq	%r15, %rax
	vmovq	%xmm3, %r15
.LVL17:
	.loc 1 8 86 view .LVU71
	cmpq	%r15, %r10
	jle	.L14
.LVL18:
	.loc 1 8 13 is_stmt 1 view .LVU72
	.loc 1 7 38 view .LVU73
	.loc 1 7 28 view .LVU74
	.loc 1 8 13 view .LVU75
	.loc 1 8 46 is_stmt 0 view .LVU76
	movq	32(%rsp), %r15
	.loc 1 8 86 view .LVU77
	leaq	6(%rcx), %rax
	.loc 1 8 76 view .LVU78
	vmovq	%xmm3, %rcx
	.loc 1 8 46 view .LVU79
	vmovupd	(%r9,%r15,8), %xmm2
	vaddpd	(%r14,%r15,8), %xmm2, %xmm0
	.loc 1 8 61 view .LVU80
	vaddpd	%xmm8, %xmm0, %xmm0
	.loc 1 8 76 view .LVU81
	vaddpd	(%rdx,%rcx,8), %xmm0, %xmm0
	.loc 1 8 30 view .LVU82
	vmulpd	%xmm6, %xmm0, %xmm0
	.loc 1 8 23 view .LVU83
	vmovupd	%xmm0, 0(%r13,%r15,8)
	.loc 1 7 38 is_stmt 1 view .LVU84
.LVL19:
	.loc 1 7 28 view .LVU85
.L14:
	.loc 1 8 13 view .LVU86
	leaq	0(,%rax,8), %rcx
	.loc 1 7 28 is_stmt 0 view .LVU87
	movq	40(%rsp), %r10
	.loc 1 8 86 view .LVU88
	leaq	1(%rax), %r15
	addq	%rcx, %rdx
	addq	%rcx, %r9
	addq	%rcx, %r14
	addq	%r13, %rcx
	.loc 1 8 46 view .LVU89
	vmovsd	(%r14), %xmm0
	vaddsd	(%r9), %xmm0, %xmm0
	.loc 1 8 61 view .LVU90
	vaddsd	-8(%rdx), %xmm0, %xmm0
	.loc 1 8 83 view .LVU91
	vmovsd	8(%rdx), %xmm3
	.loc 1 8 76 view .LVU92
	vaddsd	%xmm3, %xmm0, %xmm0
	.loc 1 8 30 view .LVU93
	vmulsd	%xmm7, %xmm0, %xmm0
	.loc 1 8 23 view .LVU94
	vmovsd	%xmm0, (%rcx)
	.loc 1 7 38 is_stmt 1 view .LVU95
	.loc 1 7 28 view .LVU96
	cmpq	%r15, %r10
	jle	.L11
	.loc 1 8 13 view .LVU97
	.loc 1 8 46 is_stmt 0 view .LVU98
	vmovsd	8(%r9), %xmm0
	vaddsd	8(%r14), %xmm0, %xmm0
	.loc 1 8 86 view .LVU99
	addq	$2, %rax
	.loc 1 8 61 view .LVU100
	vaddsd	(%rdx), %xmm0, %xmm0
	.loc 1 8 76 view .LVU101
	vaddsd	16(%rdx), %xmm0, %xmm0
	.loc 1 8 30 view .LVU102
	vmulsd	%xmm7, %xmm0, %xmm0
	.loc 1 8 23 view .LVU103
	vmovsd	%xmm0, 8(%rcx)
	.loc 1 7 38 is_stmt 1 view .LVU104
	.loc 1 7 28 view .LVU105
	cmpq	%rax, %r10
	jle	.L11
	.loc 1 8 13 view .LVU106
	.loc 1 8 46 is_stmt 0 view .LVU107
	vmovsd	16(%r14), %xmm0
	vaddsd	16(%r9), %xmm0, %xmm0
	.loc 1 8 61 view .LVU108
	vaddsd	%xmm3, %xmm0, %xmm0
	.loc 1 8 76 view .LVU109
	vaddsd	24(%rdx), %xmm0, %xmm0
	.loc 1 8 30 view .LVU110
	vmulsd	%xmm7, %xmm0, %xmm0
	.loc 1 8 23 view .LVU111
	vmovsd	%xmm0, 16(%rcx)
	.loc 1 7 38 is_stmt 1 view .LVU112
	.loc 1 7 28 view .LVU113
.LVL20:
.L11:
	.loc 1 7 28 is_stmt 0 view .LVU114
	movq	80(%rsp), %rdx
	addq	%r12, %rdi
	addq	%r12, %rsi
	addq	%r12, %r8
	addq	%r12, %r13
	cmpq	%rdx, 112(%rsp)
	jne	.L10
	vzeroupper
.LVL21:
.L7:
	.loc 1 7 28 view .LVU115
.LBE5:
.LBE7:
.LBE9:
	.loc 1 9 1 view .LVU116
	leaq	-40(%rbp), %rsp
.LVL22:
	.loc 1 9 1 view .LVU117
	popq	%rbx
.LVL23:
	.loc 1 9 1 view .LVU118
	popq	%r12
	popq	%r13
	popq	%r14
	popq	%r15
	popq	%rbp
	.cfi_remember_state
	.cfi_def_cfa 7, 8
.LVL24:
	.loc 1 9 1 view .LVU119
	jmp	GOMP_barrier@PLT
.LVL25:
.L15:
	.cfi_restore_state
.LBB10:
.LBB8:
.LBB6:
	.loc 1 8 65 view .LVU120
	xorl	%r9d, %r9d
	.loc 1 7 19 view .LVU121
	movl	$1, %ecx
	jmp	.L5
.LVL26:
.L16:
	.loc 1 8 16 view .LVU122
	movq	%rcx, %rax
	jmp	.L14
.LVL27:
.L30:
	.loc 1 8 16 view .LVU123
	addq	$1, %rax
.LBE6:
.LBE8:
.LBE10:
	.loc 1 4 1 view .LVU124
	xorl	%edx, %edx
	jmp	.L2
	.cfi_endproc
.LFE0:
	.size	stencil2d, .-stencil2d
	.section	.rodata.cst8,"aM",@progbits,8
	.align 8
.LC1:
	.long	0
	.long	1070596096
	.text
.Letext0:
	.file 2 "<built-in>"
	.section	.debug_info,"",@progbits
.Ldebug_info0:
	.long	0x177
	.value	0x5
	.byte	0x1
	.byte	0x8
	.long	.Ldebug_abbrev0
	.uleb128 0xc
	.long	.LASF11
	.byte	0x1d
	.long	.LASF0
	.long	.LASF1
	.quad	.Ltext0
	.quad	.Letext0-.Ltext0
	.long	.Ldebug_line0
	.uleb128 0x4
	.long	0x4d
	.long	0x41
	.uleb128 0x5
	.long	0x41
	.long	0xf8
	.byte	0
	.uleb128 0x1
	.byte	0x7
	.long	.LASF2
	.uleb128 0x1
	.byte	0x4
	.long	.LASF3
	.uleb128 0xd
	.long	0x47
	.uleb128 0x4
	.long	0x47
	.long	0x65
	.uleb128 0x5
	.long	0x41
	.long	0x105
	.byte	0
	.uleb128 0xe
	.long	.LASF12
	.byte	0x1
	.byte	0x3
	.byte	0x6
	.quad	.LFB0
	.quad	.LFE0-.LFB0
	.uleb128 0x1
	.byte	0x9c
	.long	0x145
	.uleb128 0x2
	.string	"n"
	.byte	0x15
	.long	0x145
	.long	.LLST4
	.long	.LVUS4
	.uleb128 0x2
	.string	"in"
	.byte	0x30
	.long	0x150
	.long	.LLST5
	.long	.LVUS5
	.uleb128 0x2
	.string	"out"
	.byte	0x4a
	.long	0x15a
	.long	.LLST6
	.long	.LVUS6
	.uleb128 0xf
	.long	.LLRL7
	.long	0xf8
	.uleb128 0x10
	.string	"i"
	.byte	0x1
	.byte	0x6
	.byte	0xf
	.long	0x145
	.uleb128 0x6
	.long	.LLRL7
	.uleb128 0x7
	.string	"i"
	.byte	0x6
	.byte	0xf
	.long	0x145
	.long	.LLST8
	.long	.LVUS8
	.uleb128 0x6
	.long	.LLRL9
	.uleb128 0x7
	.string	"j"
	.byte	0x7
	.byte	0x13
	.long	0x145
	.long	.LLST10
	.long	.LVUS10
	.byte	0
	.byte	0
	.byte	0
	.uleb128 0x8
	.long	0x41
	.long	.LLST1
	.long	.LVUS1
	.uleb128 0x8
	.long	0x41
	.long	.LLST1
	.long	.LVUS1
	.uleb128 0x9
	.quad	.LVL2
	.long	0x15f
	.uleb128 0x9
	.quad	.LVL3
	.long	0x168
	.uleb128 0x11
	.quad	.LVL21
	.uleb128 0x1
	.byte	0x30
	.uleb128 0x12
	.quad	.LVL25
	.long	0x171
	.byte	0
	.uleb128 0x1
	.byte	0x5
	.long	.LASF4
	.uleb128 0xa
	.long	0x2e
	.uleb128 0xb
	.long	0x14b
	.uleb128 0xa
	.long	0x52
	.uleb128 0xb
	.long	0x155
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
	.uleb128 0x2
	.uleb128 0x5
	.byte	0
	.uleb128 0x3
	.uleb128 0x8
	.uleb128 0x3a
	.uleb128 0x21
	.sleb128 1
	.uleb128 0x3b
	.uleb128 0x21
	.sleb128 3
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
	.uleb128 0x1
	.byte	0x1
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x5
	.uleb128 0x21
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x2f
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x6
	.uleb128 0xb
	.byte	0x1
	.uleb128 0x55
	.uleb128 0x17
	.byte	0
	.byte	0
	.uleb128 0x7
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
	.uleb128 0x8
	.uleb128 0x34
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x34
	.uleb128 0x19
	.uleb128 0x2
	.uleb128 0x17
	.uleb128 0x2137
	.uleb128 0x17
	.byte	0
	.byte	0
	.uleb128 0x9
	.uleb128 0x48
	.byte	0
	.uleb128 0x7d
	.uleb128 0x1
	.uleb128 0x7f
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0xa
	.uleb128 0xf
	.byte	0
	.uleb128 0xb
	.uleb128 0x21
	.sleb128 8
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0xb
	.uleb128 0x37
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0xc
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
	.uleb128 0xd
	.uleb128 0x26
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0xe
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
	.uleb128 0xf
	.uleb128 0xb
	.byte	0x1
	.uleb128 0x55
	.uleb128 0x17
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x10
	.uleb128 0x34
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
	.byte	0
	.byte	0
	.uleb128 0x11
	.uleb128 0x48
	.byte	0
	.uleb128 0x7d
	.uleb128 0x1
	.uleb128 0x83
	.uleb128 0x18
	.byte	0
	.byte	0
	.uleb128 0x12
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
	.byte	0
	.section	.debug_loclists,"",@progbits
	.long	.Ldebug_loc3-.Ldebug_loc2
.Ldebug_loc2:
	.value	0x5
	.byte	0x8
	.byte	0
	.long	0
.Ldebug_loc0:
.LVUS4:
	.uleb128 0
	.uleb128 .LVU5
	.uleb128 .LVU5
	.uleb128 .LVU7
	.uleb128 .LVU7
	.uleb128 .LVU117
	.uleb128 .LVU117
	.uleb128 .LVU119
	.uleb128 .LVU119
	.uleb128 .LVU120
	.uleb128 .LVU120
	.uleb128 .LVU123
	.uleb128 .LVU123
	.uleb128 0
.LLST4:
	.byte	0x4
	.uleb128 .LVL0-.Ltext0
	.uleb128 .LVL2-1-.Ltext0
	.uleb128 0x1
	.byte	0x55
	.byte	0x4
	.uleb128 .LVL2-1-.Ltext0
	.uleb128 .LVL4-.Ltext0
	.uleb128 0x1
	.byte	0x5f
	.byte	0x4
	.uleb128 .LVL4-.Ltext0
	.uleb128 .LVL22-.Ltext0
	.uleb128 0x3
	.byte	0x77
	.sleb128 120
	.byte	0x4
	.uleb128 .LVL22-.Ltext0
	.uleb128 .LVL24-.Ltext0
	.uleb128 0x7
	.byte	0x76
	.sleb128 -40
	.byte	0x9
	.byte	0xc0
	.byte	0x1a
	.byte	0x38
	.byte	0x1c
	.byte	0x4
	.uleb128 .LVL24-.Ltext0
	.uleb128 .LVL25-.Ltext0
	.uleb128 0x7
	.byte	0x77
	.sleb128 -48
	.byte	0x9
	.byte	0xc0
	.byte	0x1a
	.byte	0x38
	.byte	0x1c
	.byte	0x4
	.uleb128 .LVL25-.Ltext0
	.uleb128 .LVL27-.Ltext0
	.uleb128 0x3
	.byte	0x77
	.sleb128 120
	.byte	0x4
	.uleb128 .LVL27-.Ltext0
	.uleb128 .LFE0-.Ltext0
	.uleb128 0x1
	.byte	0x5f
	.byte	0
.LVUS5:
	.uleb128 0
	.uleb128 .LVU5
	.uleb128 .LVU5
	.uleb128 .LVU118
	.uleb128 .LVU118
	.uleb128 .LVU120
	.uleb128 .LVU120
	.uleb128 0
.LLST5:
	.byte	0x4
	.uleb128 .LVL0-.Ltext0
	.uleb128 .LVL2-1-.Ltext0
	.uleb128 0x1
	.byte	0x54
	.byte	0x4
	.uleb128 .LVL2-1-.Ltext0
	.uleb128 .LVL23-.Ltext0
	.uleb128 0x1
	.byte	0x53
	.byte	0x4
	.uleb128 .LVL23-.Ltext0
	.uleb128 .LVL25-.Ltext0
	.uleb128 0x4
	.byte	0xa3
	.uleb128 0x1
	.byte	0x54
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL25-.Ltext0
	.uleb128 .LFE0-.Ltext0
	.uleb128 0x1
	.byte	0x53
	.byte	0
.LVUS6:
	.uleb128 0
	.uleb128 .LVU5
	.uleb128 .LVU5
	.uleb128 .LVU117
	.uleb128 .LVU117
	.uleb128 .LVU119
	.uleb128 .LVU119
	.uleb128 .LVU120
	.uleb128 .LVU120
	.uleb128 0
.LLST6:
	.byte	0x4
	.uleb128 .LVL0-.Ltext0
	.uleb128 .LVL2-1-.Ltext0
	.uleb128 0x1
	.byte	0x51
	.byte	0x4
	.uleb128 .LVL2-1-.Ltext0
	.uleb128 .LVL22-.Ltext0
	.uleb128 0x3
	.byte	0x77
	.sleb128 104
	.byte	0x4
	.uleb128 .LVL22-.Ltext0
	.uleb128 .LVL24-.Ltext0
	.uleb128 0x7
	.byte	0x76
	.sleb128 -40
	.byte	0x9
	.byte	0xc0
	.byte	0x1a
	.byte	0x48
	.byte	0x1c
	.byte	0x4
	.uleb128 .LVL24-.Ltext0
	.uleb128 .LVL25-.Ltext0
	.uleb128 0x7
	.byte	0x77
	.sleb128 -48
	.byte	0x9
	.byte	0xc0
	.byte	0x1a
	.byte	0x48
	.byte	0x1c
	.byte	0x4
	.uleb128 .LVL25-.Ltext0
	.uleb128 .LFE0-.Ltext0
	.uleb128 0x3
	.byte	0x77
	.sleb128 104
	.byte	0
.LVUS8:
	.uleb128 .LVU8
	.uleb128 .LVU10
	.uleb128 .LVU10
	.uleb128 .LVU15
	.uleb128 .LVU114
	.uleb128 .LVU115
.LLST8:
	.byte	0x4
	.uleb128 .LVL5-.Ltext0
	.uleb128 .LVL6-.Ltext0
	.uleb128 0x1
	.byte	0x5f
	.byte	0x4
	.uleb128 .LVL6-.Ltext0
	.uleb128 .LVL8-.Ltext0
	.uleb128 0x3
	.byte	0x77
	.sleb128 112
	.byte	0x4
	.uleb128 .LVL20-.Ltext0
	.uleb128 .LVL21-.Ltext0
	.uleb128 0x7
	.byte	0x77
	.sleb128 112
	.byte	0x6
	.byte	0x23
	.uleb128 0x1
	.byte	0x9f
	.byte	0
.LVUS10:
	.uleb128 .LVU14
	.uleb128 .LVU17
	.uleb128 .LVU43
	.uleb128 .LVU48
	.uleb128 .LVU48
	.uleb128 .LVU51
	.uleb128 .LVU51
	.uleb128 .LVU55
	.uleb128 .LVU55
	.uleb128 .LVU60
	.uleb128 .LVU60
	.uleb128 .LVU63
	.uleb128 .LVU63
	.uleb128 .LVU69
	.uleb128 .LVU69
	.uleb128 .LVU71
	.uleb128 .LVU71
	.uleb128 .LVU72
	.uleb128 .LVU74
	.uleb128 .LVU85
	.uleb128 .LVU85
	.uleb128 .LVU86
	.uleb128 .LVU120
	.uleb128 .LVU122
.LLST10:
	.byte	0x4
	.uleb128 .LVL7-.Ltext0
	.uleb128 .LVL9-.Ltext0
	.uleb128 0x2
	.byte	0x31
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL10-.Ltext0
	.uleb128 .LVL11-.Ltext0
	.uleb128 0x1
	.byte	0x52
	.byte	0x4
	.uleb128 .LVL11-.Ltext0
	.uleb128 .LVL12-.Ltext0
	.uleb128 0x1
	.byte	0x50
	.byte	0x4
	.uleb128 .LVL12-.Ltext0
	.uleb128 .LVL13-.Ltext0
	.uleb128 0x3
	.byte	0x72
	.sleb128 1
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL13-.Ltext0
	.uleb128 .LVL14-.Ltext0
	.uleb128 0x1
	.byte	0x50
	.byte	0x4
	.uleb128 .LVL14-.Ltext0
	.uleb128 .LVL15-.Ltext0
	.uleb128 0x1
	.byte	0x5f
	.byte	0x4
	.uleb128 .LVL15-.Ltext0
	.uleb128 .LVL16-.Ltext0
	.uleb128 0x3
	.byte	0x72
	.sleb128 3
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL16-.Ltext0
	.uleb128 .LVL17-.Ltext0
	.uleb128 0x1
	.byte	0x5f
	.byte	0x4
	.uleb128 .LVL17-.Ltext0
	.uleb128 .LVL18-.Ltext0
	.uleb128 0x1
	.byte	0x50
	.byte	0x4
	.uleb128 .LVL18-.Ltext0
	.uleb128 .LVL19-.Ltext0
	.uleb128 0x1
	.byte	0x64
	.byte	0x4
	.uleb128 .LVL19-.Ltext0
	.uleb128 .LVL19-.Ltext0
	.uleb128 0x1
	.byte	0x50
	.byte	0x4
	.uleb128 .LVL25-.Ltext0
	.uleb128 .LVL26-.Ltext0
	.uleb128 0x2
	.byte	0x31
	.byte	0x9f
	.byte	0
.LVUS1:
	.uleb128 .LVU2
	.uleb128 .LVU5
	.uleb128 .LVU5
	.uleb128 .LVU7
	.uleb128 .LVU7
	.uleb128 .LVU117
	.uleb128 .LVU117
	.uleb128 .LVU119
	.uleb128 .LVU119
	.uleb128 .LVU120
	.uleb128 .LVU120
	.uleb128 .LVU123
	.uleb128 .LVU123
	.uleb128 0
.LLST1:
	.byte	0x4
	.uleb128 .LVL1-.Ltext0
	.uleb128 .LVL2-1-.Ltext0
	.uleb128 0x3
	.byte	0x75
	.sleb128 -1
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL2-1-.Ltext0
	.uleb128 .LVL4-.Ltext0
	.uleb128 0x3
	.byte	0x7f
	.sleb128 -1
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL4-.Ltext0
	.uleb128 .LVL22-.Ltext0
	.uleb128 0x7
	.byte	0x77
	.sleb128 120
	.byte	0x6
	.byte	0x31
	.byte	0x1c
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL22-.Ltext0
	.uleb128 .LVL24-.Ltext0
	.uleb128 0xb
	.byte	0x76
	.sleb128 -40
	.byte	0x9
	.byte	0xc0
	.byte	0x1a
	.byte	0x38
	.byte	0x1c
	.byte	0x6
	.byte	0x31
	.byte	0x1c
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL24-.Ltext0
	.uleb128 .LVL25-.Ltext0
	.uleb128 0xb
	.byte	0x77
	.sleb128 -48
	.byte	0x9
	.byte	0xc0
	.byte	0x1a
	.byte	0x38
	.byte	0x1c
	.byte	0x6
	.byte	0x31
	.byte	0x1c
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL25-.Ltext0
	.uleb128 .LVL27-.Ltext0
	.uleb128 0x7
	.byte	0x77
	.sleb128 120
	.byte	0x6
	.byte	0x31
	.byte	0x1c
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL27-.Ltext0
	.uleb128 .LFE0-.Ltext0
	.uleb128 0x3
	.byte	0x7f
	.sleb128 -1
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
	.section	.debug_rnglists,"",@progbits
.Ldebug_ranges0:
	.long	.Ldebug_ranges3-.Ldebug_ranges2
.Ldebug_ranges2:
	.value	0x5
	.byte	0x8
	.byte	0
	.long	0
.LLRL7:
	.byte	0x4
	.uleb128 .LBB2-.Ltext0
	.uleb128 .LBE2-.Ltext0
	.byte	0x4
	.uleb128 .LBB9-.Ltext0
	.uleb128 .LBE9-.Ltext0
	.byte	0x4
	.uleb128 .LBB10-.Ltext0
	.uleb128 .LBE10-.Ltext0
	.byte	0
.LLRL9:
	.byte	0x4
	.uleb128 .LBB4-.Ltext0
	.uleb128 .LBE4-.Ltext0
	.byte	0x4
	.uleb128 .LBB5-.Ltext0
	.uleb128 .LBE5-.Ltext0
	.byte	0x4
	.uleb128 .LBB6-.Ltext0
	.uleb128 .LBE6-.Ltext0
	.byte	0
.Ldebug_ranges3:
	.section	.debug_line,"",@progbits
.Ldebug_line0:
	.section	.debug_str,"MS",@progbits,1
.LASF6:
	.string	"omp_get_thread_num"
.LASF12:
	.string	"stencil2d"
.LASF7:
	.string	"__builtin_omp_get_num_threads"
.LASF2:
	.string	"long unsigned int"
.LASF9:
	.string	"GOMP_barrier"
.LASF8:
	.string	"__builtin_omp_get_thread_num"
.LASF5:
	.string	"omp_get_num_threads"
.LASF11:
	.string	"GNU C17 12.2.0 -march=x86-64-v4 -mprefer-vector-width=512 -g -O3 -fopenmp -fasynchronous-unwind-tables"
.LASF10:
	.string	"__builtin_GOMP_barrier"
.LASF4:
	.string	"long int"
.LASF3:
	.string	"double"
	.section	.debug_line_str,"MS",@progbits,1
.LASF1:
	.string	"."
.LASF0:
	.string	"stencil2d.c"
	.ident	"GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
