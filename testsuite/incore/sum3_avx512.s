	.file	"sum3.c"
	.text
.Ltext0:
	.file 0 "." "sum3.c"
	.p2align 4
	.globl	sum3
	.type	sum3, @function
sum3:
.LVL0:
.LFB0:
	.file 1 "sum3.c"
	.loc 1 2 1 view -0
	.cfi_startproc
	.loc 1 3 5 view .LVU1
.LBB2:
	.loc 1 3 10 view .LVU2
	.loc 1 3 24 view .LVU3
.LBE2:
	.loc 1 2 1 is_stmt 0 view .LVU4
	movq	%rdi, %rcx
	movq	%rsi, %r8
	movq	%rdx, %rdi
.LVL1:
.LBB22:
	.loc 1 3 24 view .LVU5
	testq	%rcx, %rcx
	jle	.L16
	leaq	-1(%rcx), %rax
	cmpq	$6, %rax
	jbe	.L8
	movq	%rsi, %rax
	movq	%rcx, %rsi
.LVL2:
	.loc 1 3 24 view .LVU6
	shrq	$3, %rsi
	salq	$6, %rsi
	vmovdqa64	.LC0(%rip), %zmm11
	vmovdqa64	.LC1(%rip), %zmm10
	vmovdqa64	.LC2(%rip), %zmm9
	vmovdqa64	.LC3(%rip), %zmm8
	vmovdqa64	.LC4(%rip), %zmm7
	vmovdqa64	.LC5(%rip), %zmm6
	addq	%rdx, %rsi
.LBB3:
.LBB4:
	.loc 1 6 15 view .LVU7
	vxorpd	%xmm5, %xmm5, %xmm5
.LVL3:
	.p2align 4,,10
	.p2align 3
.L4:
	.loc 1 5 28 is_stmt 1 view .LVU8
	.loc 1 6 13 view .LVU9
	.loc 1 6 25 is_stmt 0 view .LVU10
	vmovupd	(%rax), %zmm1
	vmovupd	64(%rax), %zmm3
	vmovupd	128(%rax), %zmm2
.LVL4:
	.loc 1 5 34 is_stmt 1 view .LVU11
	.loc 1 5 28 view .LVU12
	.loc 1 6 13 view .LVU13
	.loc 1 5 34 view .LVU14
	.loc 1 5 28 view .LVU15
	.loc 1 6 13 view .LVU16
	.loc 1 5 34 view .LVU17
	.loc 1 5 28 view .LVU18
.LBE4:
	.loc 1 7 9 view .LVU19
.LBB5:
	.loc 1 6 25 is_stmt 0 view .LVU20
	vmovapd	%zmm1, %zmm0
	vpermt2pd	%zmm3, %zmm11, %zmm0
	vpermt2pd	%zmm2, %zmm10, %zmm0
	vmovapd	%zmm1, %zmm4
	.loc 1 6 15 view .LVU21
	vaddpd	%zmm5, %zmm0, %zmm0
	.loc 1 6 25 view .LVU22
	vpermt2pd	%zmm3, %zmm9, %zmm4
	vpermt2pd	%zmm2, %zmm8, %zmm4
	.loc 1 6 15 view .LVU23
	vaddpd	%zmm4, %zmm0, %zmm0
	.loc 1 6 25 view .LVU24
	vpermt2pd	%zmm3, %zmm7, %zmm1
	vpermt2pd	%zmm2, %zmm6, %zmm1
	.loc 1 6 15 view .LVU25
	vaddpd	%zmm1, %zmm0, %zmm0
	addq	$64, %rdx
	addq	$192, %rax
.LBE5:
	.loc 1 7 16 view .LVU26
	vmovupd	%zmm0, -64(%rdx)
	.loc 1 7 16 view .LVU27
.LBE3:
	.loc 1 3 30 is_stmt 1 view .LVU28
	.loc 1 3 24 view .LVU29
	cmpq	%rdx, %rsi
	jne	.L4
	movq	%rcx, %rax
	andq	$-8, %rax
	movq	%rax, %rdx
	cmpq	%rcx, %rax
	je	.L15
.LVL5:
.L3:
	.loc 1 3 24 is_stmt 0 view .LVU30
	movq	%rcx, %r9
	subq	%rdx, %r9
	leaq	-1(%r9), %rsi
	cmpq	$2, %rsi
	jbe	.L6
	leaq	(%rdx,%rdx,2), %rsi
	leaq	(%r8,%rsi,8), %rsi
.LVL6:
.LBB16:
.LBB6:
	.loc 1 5 28 is_stmt 1 view .LVU31
	.loc 1 6 13 view .LVU32
	.loc 1 6 25 is_stmt 0 view .LVU33
	vmovupd	(%rsi), %ymm1
	vmovupd	32(%rsi), %ymm4
	vmovdqa	.LC6(%rip), %ymm2
	vmovupd	64(%rsi), %ymm3
.LVL7:
	.loc 1 5 34 is_stmt 1 view .LVU34
	.loc 1 5 28 view .LVU35
	.loc 1 6 13 view .LVU36
	.loc 1 5 34 view .LVU37
	.loc 1 5 28 view .LVU38
	.loc 1 6 13 view .LVU39
	.loc 1 5 34 view .LVU40
	.loc 1 5 28 view .LVU41
.LBE6:
	.loc 1 7 9 view .LVU42
.LBB7:
	.loc 1 6 25 is_stmt 0 view .LVU43
	vmovdqa	.LC7(%rip), %ymm0
	vpermi2pd	%ymm4, %ymm1, %ymm2
	vpermi2pd	%ymm3, %ymm2, %ymm0
	vmovdqa	.LC8(%rip), %ymm5
	.loc 1 6 15 view .LVU44
	vxorpd	%xmm2, %xmm2, %xmm2
	vaddpd	%ymm2, %ymm0, %ymm0
	.loc 1 6 25 view .LVU45
	vmovdqa	.LC9(%rip), %ymm2
	vpermi2pd	%ymm4, %ymm1, %ymm5
	vpermi2pd	%ymm3, %ymm5, %ymm2
	.loc 1 6 15 view .LVU46
	vaddpd	%ymm2, %ymm0, %ymm0
	.loc 1 6 25 view .LVU47
	vmovdqa	.LC10(%rip), %ymm2
	vpermi2pd	%ymm4, %ymm1, %ymm2
	vmovdqa	.LC11(%rip), %ymm1
	vpermi2pd	%ymm3, %ymm2, %ymm1
	.loc 1 6 15 view .LVU48
	vaddpd	%ymm1, %ymm0, %ymm0
.LBE7:
	.loc 1 7 16 view .LVU49
	vmovupd	%ymm0, (%rdi,%rdx,8)
	.loc 1 7 16 view .LVU50
.LBE16:
	.loc 1 3 30 is_stmt 1 view .LVU51
	.loc 1 3 24 view .LVU52
	movq	%r9, %rdx
	andq	$-4, %rdx
	addq	%rdx, %rax
	andl	$3, %r9d
	je	.L15
.LVL8:
.L6:
.LBB17:
.LBB8:
	.loc 1 5 28 view .LVU53
	.loc 1 6 13 view .LVU54
	.loc 1 6 22 is_stmt 0 view .LVU55
	leaq	(%rax,%rax,2), %rdx
	salq	$3, %rdx
	leaq	(%r8,%rdx), %r9
	.loc 1 6 15 view .LVU56
	vxorpd	%xmm0, %xmm0, %xmm0
	vaddsd	(%r9), %xmm0, %xmm1
.LVL9:
	.loc 1 5 34 is_stmt 1 view .LVU57
	.loc 1 5 28 view .LVU58
	.loc 1 6 13 view .LVU59
.LBE8:
	.loc 1 7 12 is_stmt 0 view .LVU60
	leaq	0(,%rax,8), %rsi
.LBB9:
	.loc 1 6 15 view .LVU61
	vaddsd	8(%r9), %xmm1, %xmm1
.LVL10:
	.loc 1 5 34 is_stmt 1 view .LVU62
	.loc 1 5 28 view .LVU63
	.loc 1 6 13 view .LVU64
	.loc 1 5 34 view .LVU65
	.loc 1 5 28 view .LVU66
.LBE9:
	.loc 1 7 9 view .LVU67
.LBB10:
	.loc 1 6 15 is_stmt 0 view .LVU68
	vaddsd	16(%r9), %xmm1, %xmm1
.LVL11:
	.loc 1 6 15 view .LVU69
.LBE10:
.LBE17:
	.loc 1 3 30 view .LVU70
	leaq	1(%rax), %r9
.LBB18:
	.loc 1 7 16 view .LVU71
	vmovsd	%xmm1, (%rdi,%rax,8)
.LBE18:
	.loc 1 3 30 is_stmt 1 view .LVU72
	.loc 1 3 24 view .LVU73
	cmpq	%r9, %rcx
	jle	.L15
.LVL12:
.LBB19:
.LBB11:
	.loc 1 5 28 view .LVU74
	.loc 1 6 13 view .LVU75
	.loc 1 6 22 is_stmt 0 view .LVU76
	leaq	24(%r8,%rdx), %r9
	.loc 1 6 15 view .LVU77
	vaddsd	(%r9), %xmm0, %xmm1
.LVL13:
	.loc 1 5 34 is_stmt 1 view .LVU78
	.loc 1 5 28 view .LVU79
	.loc 1 6 13 view .LVU80
.LBE11:
.LBE19:
	.loc 1 3 30 is_stmt 0 view .LVU81
	addq	$2, %rax
.LBB20:
.LBB12:
	.loc 1 6 15 view .LVU82
	vaddsd	8(%r9), %xmm1, %xmm1
.LVL14:
	.loc 1 5 34 is_stmt 1 view .LVU83
	.loc 1 5 28 view .LVU84
	.loc 1 6 13 view .LVU85
	.loc 1 5 34 view .LVU86
	.loc 1 5 28 view .LVU87
.LBE12:
	.loc 1 7 9 view .LVU88
.LBB13:
	.loc 1 6 15 is_stmt 0 view .LVU89
	vaddsd	16(%r9), %xmm1, %xmm1
.LVL15:
	.loc 1 6 15 view .LVU90
.LBE13:
	.loc 1 7 16 view .LVU91
	vmovsd	%xmm1, 8(%rdi,%rsi)
.LBE20:
	.loc 1 3 30 is_stmt 1 view .LVU92
	.loc 1 3 24 view .LVU93
	cmpq	%rcx, %rax
	jge	.L15
.LVL16:
.LBB21:
.LBB14:
	.loc 1 5 28 view .LVU94
	.loc 1 6 13 view .LVU95
	.loc 1 6 22 is_stmt 0 view .LVU96
	leaq	48(%r8,%rdx), %rax
	.loc 1 6 15 view .LVU97
	vaddsd	(%rax), %xmm0, %xmm0
.LVL17:
	.loc 1 5 34 is_stmt 1 view .LVU98
	.loc 1 5 28 view .LVU99
	.loc 1 6 13 view .LVU100
	.loc 1 6 15 is_stmt 0 view .LVU101
	vaddsd	8(%rax), %xmm0, %xmm0
.LVL18:
	.loc 1 5 34 is_stmt 1 view .LVU102
	.loc 1 5 28 view .LVU103
	.loc 1 6 13 view .LVU104
	.loc 1 5 34 view .LVU105
	.loc 1 5 28 view .LVU106
.LBE14:
	.loc 1 7 9 view .LVU107
.LBB15:
	.loc 1 6 15 is_stmt 0 view .LVU108
	vaddsd	16(%rax), %xmm0, %xmm0
.LVL19:
	.loc 1 6 15 view .LVU109
.LBE15:
	.loc 1 7 16 view .LVU110
	vmovsd	%xmm0, 16(%rdi,%rsi)
.LBE21:
	.loc 1 3 30 is_stmt 1 view .LVU111
	.loc 1 3 24 view .LVU112
	vzeroupper
.LVL20:
.LBE22:
	.loc 1 9 1 is_stmt 0 view .LVU113
	ret
.LVL21:
	.p2align 4,,10
	.p2align 3
.L15:
	.loc 1 9 1 view .LVU114
	vzeroupper
.LVL22:
.L16:
	.loc 1 9 1 view .LVU115
	ret
.LVL23:
.L8:
.LBB23:
	.loc 1 3 24 view .LVU116
	xorl	%edx, %edx
.LVL24:
	.loc 1 3 15 view .LVU117
	xorl	%eax, %eax
	jmp	.L3
.LBE23:
	.cfi_endproc
.LFE0:
	.size	sum3, .-sum3
	.p2align 4
	.globl	sum3_fixed
	.type	sum3_fixed, @function
sum3_fixed:
.LVL25:
.LFB1:
	.loc 1 12 1 is_stmt 1 view -0
	.cfi_startproc
	.loc 1 13 5 view .LVU119
.LBB24:
	.loc 1 13 10 view .LVU120
	.loc 1 13 24 view .LVU121
.LBB25:
.LBB26:
	.loc 1 15 28 view .LVU122
	.loc 1 16 13 view .LVU123
	.loc 1 16 25 is_stmt 0 view .LVU124
	vmovupd	(%rdi), %ymm1
	vmovupd	32(%rdi), %ymm4
	vmovdqa	.LC6(%rip), %ymm2
	vmovupd	64(%rdi), %ymm3
.LVL26:
	.loc 1 15 34 is_stmt 1 view .LVU125
	.loc 1 15 28 view .LVU126
	.loc 1 16 13 view .LVU127
	.loc 1 15 34 view .LVU128
	.loc 1 15 28 view .LVU129
	.loc 1 16 13 view .LVU130
	.loc 1 15 34 view .LVU131
	.loc 1 15 28 view .LVU132
.LBE26:
	.loc 1 17 9 view .LVU133
.LBB27:
	.loc 1 16 25 is_stmt 0 view .LVU134
	vmovdqa	.LC7(%rip), %ymm0
	vpermi2pd	%ymm4, %ymm1, %ymm2
	vpermi2pd	%ymm3, %ymm2, %ymm0
	vmovdqa	.LC8(%rip), %ymm5
	.loc 1 16 15 view .LVU135
	vxorpd	%xmm2, %xmm2, %xmm2
	vaddpd	%ymm2, %ymm0, %ymm0
	.loc 1 16 25 view .LVU136
	vmovdqa	.LC9(%rip), %ymm2
	vpermi2pd	%ymm4, %ymm1, %ymm5
	vpermi2pd	%ymm3, %ymm5, %ymm2
	.loc 1 16 15 view .LVU137
	vaddpd	%ymm2, %ymm0, %ymm0
	.loc 1 16 25 view .LVU138
	vmovdqa	.LC10(%rip), %ymm2
	vpermi2pd	%ymm4, %ymm1, %ymm2
	vmovdqa	.LC11(%rip), %ymm1
	vpermi2pd	%ymm3, %ymm2, %ymm1
	.loc 1 16 15 view .LVU139
	vaddpd	%ymm1, %ymm0, %ymm0
.LBE27:
	.loc 1 17 16 view .LVU140
	vmovupd	%ymm0, (%rsi)
	.loc 1 17 16 view .LVU141
.LBE25:
	.loc 1 13 30 is_stmt 1 view .LVU142
	.loc 1 13 24 view .LVU143
	vzeroupper
.LVL27:
.LBE24:
	.loc 1 19 1 is_stmt 0 view .LVU144
	ret
	.cfi_endproc
.LFE1:
	.size	sum3_fixed, .-sum3_fixed
	.section	.rodata
	.align 64
.LC0:
	.quad	0
	.quad	3
	.quad	6
	.quad	9
	.quad	12
	.quad	15
	.quad	0
	.quad	0
	.align 64
.LC1:
	.quad	0
	.quad	1
	.quad	2
	.quad	3
	.quad	4
	.quad	5
	.quad	10
	.quad	13
	.align 64
.LC2:
	.quad	1
	.quad	4
	.quad	7
	.quad	10
	.quad	13
	.quad	0
	.quad	0
	.quad	0
	.align 64
.LC3:
	.quad	0
	.quad	1
	.quad	2
	.quad	3
	.quad	4
	.quad	8
	.quad	11
	.quad	14
	.align 64
.LC4:
	.quad	2
	.quad	5
	.quad	8
	.quad	11
	.quad	14
	.quad	0
	.quad	0
	.quad	0
	.align 64
.LC5:
	.quad	0
	.quad	1
	.quad	2
	.quad	3
	.quad	4
	.quad	9
	.quad	12
	.quad	15
	.section	.rodata.cst32,"aM",@progbits,32
	.align 32
.LC6:
	.quad	0
	.quad	3
	.quad	6
	.quad	0
	.align 32
.LC7:
	.quad	0
	.quad	1
	.quad	2
	.quad	5
	.align 32
.LC8:
	.quad	1
	.quad	4
	.quad	7
	.quad	0
	.align 32
.LC9:
	.quad	0
	.quad	1
	.quad	2
	.quad	6
	.align 32
.LC10:
	.quad	2
	.quad	5
	.quad	0
	.quad	0
	.align 32
.LC11:
	.quad	0
	.quad	1
	.quad	4
	.quad	7
	.text
.Letext0:
	.section	.debug_info,"",@progbits
.Ldebug_info0:
	.long	0x1b3
	.value	0x5
	.byte	0x1
	.byte	0x8
	.long	.Ldebug_abbrev0
	.uleb128 0x9
	.long	.LASF5
	.byte	0x1d
	.long	.LASF0
	.long	.LASF1
	.quad	.Ltext0
	.quad	.Letext0-.Ltext0
	.long	.Ldebug_line0
	.uleb128 0x2
	.byte	0x4
	.long	.LASF2
	.uleb128 0xa
	.long	.LASF6
	.byte	0x1
	.byte	0xb
	.byte	0x6
	.quad	.LFB1
	.quad	.LFE1-.LFB1
	.uleb128 0x1
	.byte	0x9c
	.long	0xd5
	.uleb128 0x6
	.string	"a"
	.byte	0x29
	.long	0xf5
	.uleb128 0x1
	.byte	0x55
	.uleb128 0x6
	.string	"out"
	.byte	0x41
	.long	0xff
	.uleb128 0x1
	.byte	0x54
	.uleb128 0xb
	.quad	.LBB24
	.quad	.LBE24-.LBB24
	.long	0xc9
	.uleb128 0x1
	.string	"i"
	.byte	0xd
	.byte	0xf
	.long	0x104
	.long	.LLST9
	.long	.LVUS9
	.uleb128 0xc
	.quad	.LBB25
	.quad	.LBE25-.LBB25
	.uleb128 0x1
	.string	"s"
	.byte	0xe
	.byte	0x10
	.long	0x2e
	.long	.LLST10
	.long	.LVUS10
	.uleb128 0x3
	.long	.LLRL11
	.uleb128 0x1
	.string	"c"
	.byte	0xf
	.byte	0x13
	.long	0x104
	.long	.LLST12
	.long	.LVUS12
	.byte	0
	.byte	0
	.byte	0
	.uleb128 0x4
	.quad	.LVL27
	.uleb128 0x1
	.byte	0x30
	.byte	0
	.uleb128 0xd
	.long	0xeb
	.long	0xe5
	.uleb128 0xe
	.long	0xe5
	.byte	0x2
	.byte	0
	.uleb128 0x2
	.byte	0x7
	.long	.LASF3
	.uleb128 0xf
	.long	0x2e
	.uleb128 0x7
	.long	0xd5
	.uleb128 0x8
	.long	0xf0
	.uleb128 0x7
	.long	0x2e
	.uleb128 0x8
	.long	0xfa
	.uleb128 0x2
	.byte	0x5
	.long	.LASF4
	.uleb128 0x10
	.long	.LASF7
	.byte	0x1
	.byte	0x1
	.byte	0x6
	.quad	.LFB0
	.quad	.LFE0-.LFB0
	.uleb128 0x1
	.byte	0x9c
	.uleb128 0x5
	.string	"n"
	.byte	0x10
	.long	0x104
	.long	.LLST0
	.long	.LVUS0
	.uleb128 0x5
	.string	"a"
	.byte	0x2b
	.long	0xf5
	.long	.LLST1
	.long	.LVUS1
	.uleb128 0x5
	.string	"out"
	.byte	0x43
	.long	0xff
	.long	.LLST2
	.long	.LVUS2
	.uleb128 0x11
	.long	.LLRL3
	.long	0x19f
	.uleb128 0x1
	.string	"i"
	.byte	0x3
	.byte	0xf
	.long	0x104
	.long	.LLST4
	.long	.LVUS4
	.uleb128 0x3
	.long	.LLRL5
	.uleb128 0x1
	.string	"s"
	.byte	0x4
	.byte	0x10
	.long	0x2e
	.long	.LLST6
	.long	.LVUS6
	.uleb128 0x3
	.long	.LLRL7
	.uleb128 0x1
	.string	"c"
	.byte	0x5
	.byte	0x13
	.long	0x104
	.long	.LLST8
	.long	.LVUS8
	.byte	0
	.byte	0
	.byte	0
	.uleb128 0x4
	.quad	.LVL20
	.uleb128 0x1
	.byte	0x30
	.uleb128 0x4
	.quad	.LVL22
	.uleb128 0x1
	.byte	0x30
	.byte	0
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
	.uleb128 0xb
	.byte	0x1
	.uleb128 0x55
	.uleb128 0x17
	.byte	0
	.byte	0
	.uleb128 0x4
	.uleb128 0x48
	.byte	0
	.uleb128 0x7d
	.uleb128 0x1
	.uleb128 0x83
	.uleb128 0x18
	.byte	0
	.byte	0
	.uleb128 0x5
	.uleb128 0x5
	.byte	0
	.uleb128 0x3
	.uleb128 0x8
	.uleb128 0x3a
	.uleb128 0x21
	.sleb128 1
	.uleb128 0x3b
	.uleb128 0x21
	.sleb128 1
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
	.uleb128 0x6
	.uleb128 0x5
	.byte	0
	.uleb128 0x3
	.uleb128 0x8
	.uleb128 0x3a
	.uleb128 0x21
	.sleb128 1
	.uleb128 0x3b
	.uleb128 0x21
	.sleb128 11
	.uleb128 0x39
	.uleb128 0xb
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x2
	.uleb128 0x18
	.byte	0
	.byte	0
	.uleb128 0x7
	.uleb128 0xf
	.byte	0
	.uleb128 0xb
	.uleb128 0x21
	.sleb128 8
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x8
	.uleb128 0x37
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x9
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
	.uleb128 0xa
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
	.uleb128 0xb
	.uleb128 0xb
	.byte	0x1
	.uleb128 0x11
	.uleb128 0x1
	.uleb128 0x12
	.uleb128 0x7
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0xc
	.uleb128 0xb
	.byte	0x1
	.uleb128 0x11
	.uleb128 0x1
	.uleb128 0x12
	.uleb128 0x7
	.byte	0
	.byte	0
	.uleb128 0xd
	.uleb128 0x1
	.byte	0x1
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0xe
	.uleb128 0x21
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
	.uleb128 0x2f
	.uleb128 0xb
	.byte	0
	.byte	0
	.uleb128 0xf
	.uleb128 0x26
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x10
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
	.byte	0
	.byte	0
	.uleb128 0x11
	.uleb128 0xb
	.byte	0x1
	.uleb128 0x55
	.uleb128 0x17
	.uleb128 0x1
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
.LVUS9:
	.uleb128 .LVU121
	.uleb128 .LVU122
.LLST9:
	.byte	0x4
	.uleb128 .LVL25-.Ltext0
	.uleb128 .LVL25-.Ltext0
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0
.LVUS10:
	.uleb128 .LVU122
	.uleb128 .LVU125
.LLST10:
	.byte	0x4
	.uleb128 .LVL25-.Ltext0
	.uleb128 .LVL26-.Ltext0
	.uleb128 0xa
	.byte	0x9e
	.uleb128 0x8
	.long	0
	.long	0
	.byte	0
.LVUS12:
	.uleb128 .LVU122
	.uleb128 .LVU126
	.uleb128 .LVU126
	.uleb128 .LVU129
	.uleb128 .LVU129
	.uleb128 .LVU132
	.uleb128 .LVU132
	.uleb128 0
.LLST12:
	.byte	0x4
	.uleb128 .LVL25-.Ltext0
	.uleb128 .LVL26-.Ltext0
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL26-.Ltext0
	.uleb128 .LVL26-.Ltext0
	.uleb128 0x2
	.byte	0x31
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL26-.Ltext0
	.uleb128 .LVL26-.Ltext0
	.uleb128 0x2
	.byte	0x32
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL26-.Ltext0
	.uleb128 .LFE1-.Ltext0
	.uleb128 0x2
	.byte	0x33
	.byte	0x9f
	.byte	0
.LVUS0:
	.uleb128 0
	.uleb128 .LVU5
	.uleb128 .LVU5
	.uleb128 0
.LLST0:
	.byte	0x4
	.uleb128 .LVL0-.Ltext0
	.uleb128 .LVL1-.Ltext0
	.uleb128 0x1
	.byte	0x55
	.byte	0x4
	.uleb128 .LVL1-.Ltext0
	.uleb128 .LFE0-.Ltext0
	.uleb128 0x1
	.byte	0x52
	.byte	0
.LVUS1:
	.uleb128 0
	.uleb128 .LVU6
	.uleb128 .LVU6
	.uleb128 .LVU8
	.uleb128 .LVU8
	.uleb128 .LVU116
	.uleb128 .LVU116
	.uleb128 0
.LLST1:
	.byte	0x4
	.uleb128 .LVL0-.Ltext0
	.uleb128 .LVL2-.Ltext0
	.uleb128 0x1
	.byte	0x54
	.byte	0x4
	.uleb128 .LVL2-.Ltext0
	.uleb128 .LVL3-.Ltext0
	.uleb128 0x1
	.byte	0x50
	.byte	0x4
	.uleb128 .LVL3-.Ltext0
	.uleb128 .LVL23-.Ltext0
	.uleb128 0x1
	.byte	0x58
	.byte	0x4
	.uleb128 .LVL23-.Ltext0
	.uleb128 .LFE0-.Ltext0
	.uleb128 0x1
	.byte	0x54
	.byte	0
.LVUS2:
	.uleb128 0
	.uleb128 .LVU8
	.uleb128 .LVU8
	.uleb128 .LVU116
	.uleb128 .LVU116
	.uleb128 .LVU117
	.uleb128 .LVU117
	.uleb128 0
.LLST2:
	.byte	0x4
	.uleb128 .LVL0-.Ltext0
	.uleb128 .LVL3-.Ltext0
	.uleb128 0x1
	.byte	0x51
	.byte	0x4
	.uleb128 .LVL3-.Ltext0
	.uleb128 .LVL23-.Ltext0
	.uleb128 0x1
	.byte	0x55
	.byte	0x4
	.uleb128 .LVL23-.Ltext0
	.uleb128 .LVL24-.Ltext0
	.uleb128 0x1
	.byte	0x51
	.byte	0x4
	.uleb128 .LVL24-.Ltext0
	.uleb128 .LFE0-.Ltext0
	.uleb128 0x1
	.byte	0x55
	.byte	0
.LVUS4:
	.uleb128 .LVU3
	.uleb128 .LVU8
	.uleb128 .LVU116
	.uleb128 0
.LLST4:
	.byte	0x4
	.uleb128 .LVL0-.Ltext0
	.uleb128 .LVL3-.Ltext0
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL23-.Ltext0
	.uleb128 .LFE0-.Ltext0
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0
.LVUS6:
	.uleb128 .LVU8
	.uleb128 .LVU11
	.uleb128 .LVU31
	.uleb128 .LVU34
	.uleb128 .LVU53
	.uleb128 .LVU57
	.uleb128 .LVU57
	.uleb128 .LVU65
	.uleb128 .LVU65
	.uleb128 .LVU69
	.uleb128 .LVU69
	.uleb128 .LVU74
	.uleb128 .LVU74
	.uleb128 .LVU78
	.uleb128 .LVU78
	.uleb128 .LVU86
	.uleb128 .LVU86
	.uleb128 .LVU90
	.uleb128 .LVU90
	.uleb128 .LVU94
	.uleb128 .LVU94
	.uleb128 .LVU98
	.uleb128 .LVU98
	.uleb128 .LVU105
	.uleb128 .LVU105
	.uleb128 .LVU109
	.uleb128 .LVU109
	.uleb128 .LVU114
.LLST6:
	.byte	0x4
	.uleb128 .LVL3-.Ltext0
	.uleb128 .LVL4-.Ltext0
	.uleb128 0xa
	.byte	0x9e
	.uleb128 0x8
	.long	0
	.long	0
	.byte	0x4
	.uleb128 .LVL6-.Ltext0
	.uleb128 .LVL7-.Ltext0
	.uleb128 0xa
	.byte	0x9e
	.uleb128 0x8
	.long	0
	.long	0
	.byte	0x4
	.uleb128 .LVL8-.Ltext0
	.uleb128 .LVL9-.Ltext0
	.uleb128 0xa
	.byte	0x9e
	.uleb128 0x8
	.long	0
	.long	0
	.byte	0x4
	.uleb128 .LVL9-.Ltext0
	.uleb128 .LVL10-.Ltext0
	.uleb128 0x1
	.byte	0x62
	.byte	0x4
	.uleb128 .LVL10-.Ltext0
	.uleb128 .LVL11-.Ltext0
	.uleb128 0xa
	.byte	0x79
	.sleb128 16
	.byte	0xa6
	.byte	0x8
	.uleb128 0x2e
	.byte	0xa5
	.uleb128 0x12
	.uleb128 0x2e
	.byte	0x22
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL11-.Ltext0
	.uleb128 .LVL12-.Ltext0
	.uleb128 0x1
	.byte	0x62
	.byte	0x4
	.uleb128 .LVL12-.Ltext0
	.uleb128 .LVL13-.Ltext0
	.uleb128 0xa
	.byte	0x9e
	.uleb128 0x8
	.long	0
	.long	0
	.byte	0x4
	.uleb128 .LVL13-.Ltext0
	.uleb128 .LVL14-.Ltext0
	.uleb128 0x1
	.byte	0x62
	.byte	0x4
	.uleb128 .LVL14-.Ltext0
	.uleb128 .LVL15-.Ltext0
	.uleb128 0xa
	.byte	0x79
	.sleb128 16
	.byte	0xa6
	.byte	0x8
	.uleb128 0x2e
	.byte	0xa5
	.uleb128 0x12
	.uleb128 0x2e
	.byte	0x22
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL15-.Ltext0
	.uleb128 .LVL16-.Ltext0
	.uleb128 0x1
	.byte	0x62
	.byte	0x4
	.uleb128 .LVL16-.Ltext0
	.uleb128 .LVL17-.Ltext0
	.uleb128 0xa
	.byte	0x9e
	.uleb128 0x8
	.long	0
	.long	0
	.byte	0x4
	.uleb128 .LVL17-.Ltext0
	.uleb128 .LVL18-.Ltext0
	.uleb128 0x1
	.byte	0x61
	.byte	0x4
	.uleb128 .LVL18-.Ltext0
	.uleb128 .LVL19-.Ltext0
	.uleb128 0xa
	.byte	0x70
	.sleb128 16
	.byte	0xa6
	.byte	0x8
	.uleb128 0x2e
	.byte	0xa5
	.uleb128 0x11
	.uleb128 0x2e
	.byte	0x22
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL19-.Ltext0
	.uleb128 .LVL21-.Ltext0
	.uleb128 0x1
	.byte	0x61
	.byte	0
.LVUS8:
	.uleb128 .LVU8
	.uleb128 .LVU12
	.uleb128 .LVU12
	.uleb128 .LVU15
	.uleb128 .LVU15
	.uleb128 .LVU18
	.uleb128 .LVU18
	.uleb128 .LVU30
	.uleb128 .LVU31
	.uleb128 .LVU35
	.uleb128 .LVU35
	.uleb128 .LVU38
	.uleb128 .LVU38
	.uleb128 .LVU41
	.uleb128 .LVU41
	.uleb128 .LVU53
	.uleb128 .LVU53
	.uleb128 .LVU58
	.uleb128 .LVU58
	.uleb128 .LVU63
	.uleb128 .LVU63
	.uleb128 .LVU66
	.uleb128 .LVU66
	.uleb128 .LVU74
	.uleb128 .LVU74
	.uleb128 .LVU79
	.uleb128 .LVU79
	.uleb128 .LVU84
	.uleb128 .LVU84
	.uleb128 .LVU87
	.uleb128 .LVU87
	.uleb128 .LVU94
	.uleb128 .LVU94
	.uleb128 .LVU99
	.uleb128 .LVU99
	.uleb128 .LVU103
	.uleb128 .LVU103
	.uleb128 .LVU106
	.uleb128 .LVU106
	.uleb128 .LVU115
.LLST8:
	.byte	0x4
	.uleb128 .LVL3-.Ltext0
	.uleb128 .LVL4-.Ltext0
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL4-.Ltext0
	.uleb128 .LVL4-.Ltext0
	.uleb128 0x2
	.byte	0x31
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL4-.Ltext0
	.uleb128 .LVL4-.Ltext0
	.uleb128 0x2
	.byte	0x32
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL4-.Ltext0
	.uleb128 .LVL5-.Ltext0
	.uleb128 0x2
	.byte	0x33
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL6-.Ltext0
	.uleb128 .LVL7-.Ltext0
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL7-.Ltext0
	.uleb128 .LVL7-.Ltext0
	.uleb128 0x2
	.byte	0x31
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL7-.Ltext0
	.uleb128 .LVL7-.Ltext0
	.uleb128 0x2
	.byte	0x32
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL7-.Ltext0
	.uleb128 .LVL8-.Ltext0
	.uleb128 0x2
	.byte	0x33
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL8-.Ltext0
	.uleb128 .LVL9-.Ltext0
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL9-.Ltext0
	.uleb128 .LVL10-.Ltext0
	.uleb128 0x2
	.byte	0x31
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL10-.Ltext0
	.uleb128 .LVL10-.Ltext0
	.uleb128 0x2
	.byte	0x32
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL10-.Ltext0
	.uleb128 .LVL12-.Ltext0
	.uleb128 0x2
	.byte	0x33
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL12-.Ltext0
	.uleb128 .LVL13-.Ltext0
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL13-.Ltext0
	.uleb128 .LVL14-.Ltext0
	.uleb128 0x2
	.byte	0x31
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL14-.Ltext0
	.uleb128 .LVL14-.Ltext0
	.uleb128 0x2
	.byte	0x32
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL14-.Ltext0
	.uleb128 .LVL16-.Ltext0
	.uleb128 0x2
	.byte	0x33
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL16-.Ltext0
	.uleb128 .LVL17-.Ltext0
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL17-.Ltext0
	.uleb128 .LVL18-.Ltext0
	.uleb128 0x2
	.byte	0x31
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL18-.Ltext0
	.uleb128 .LVL18-.Ltext0
	.uleb128 0x2
	.byte	0x32
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL18-.Ltext0
	.uleb128 .LVL22-.Ltext0
	.uleb128 0x2
	.byte	0x33
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
.LLRL3:
	.byte	0x4
	.uleb128 .LBB2-.Ltext0
	.uleb128 .LBE2-.Ltext0
	.byte	0x4
	.uleb128 .LBB22-.Ltext0
	.uleb128 .LBE22-.Ltext0
	.byte	0x4
	.uleb128 .LBB23-.Ltext0
	.uleb128 .LBE23-.Ltext0
	.byte	0
.LLRL5:
	.byte	0x4
	.uleb128 .LBB3-.Ltext0
	.uleb128 .LBE3-.Ltext0
	.byte	0x4
	.uleb128 .LBB16-.Ltext0
	.uleb128 .LBE16-.Ltext0
	.byte	0x4
	.uleb128 .LBB17-.Ltext0
	.uleb128 .LBE17-.Ltext0
	.byte	0x4
	.uleb128 .LBB18-.Ltext0
	.uleb128 .LBE18-.Ltext0
	.byte	0x4
	.uleb128 .LBB19-.Ltext0
	.uleb128 .LBE19-.Ltext0
	.byte	0x4
	.uleb128 .LBB20-.Ltext0
	.uleb128 .LBE20-.Ltext0
	.byte	0x4
	.uleb128 .LBB21-.Ltext0
	.uleb128 .LBE21-.Ltext0
	.byte	0
.LLRL7:
	.byte	0x4
	.uleb128 .LBB4-.Ltext0
	.uleb128 .LBE4-.Ltext0
	.byte	0x4
	.uleb128 .LBB5-.Ltext0
	.uleb128 .LBE5-.Ltext0
	.byte	0x4
	.uleb128 .LBB6-.Ltext0
	.uleb128 .LBE6-.Ltext0
	.byte	0x4
	.uleb128 .LBB7-.Ltext0
	.uleb128 .LBE7-.Ltext0
	.byte	0x4
	.uleb128 .LBB8-.Ltext0
	.uleb128 .LBE8-.Ltext0
	.byte	0x4
	.uleb128 .LBB9-.Ltext0
	.uleb128 .LBE9-.Ltext0
	.byte	0x4
	.uleb128 .LBB10-.Ltext0
	.uleb128 .LBE10-.Ltext0
	.byte	0x4
	.uleb128 .LBB11-.Ltext0
	.uleb128 .LBE11-.Ltext0
	.byte	0x4
	.uleb128 .LBB12-.Ltext0
	.uleb128 .LBE12-.Ltext0
	.byte	0x4
	.uleb128 .LBB13-.Ltext0
	.uleb128 .LBE13-.Ltext0
	.byte	0x4
	.uleb128 .LBB14-.Ltext0
	.uleb128 .LBE14-.Ltext0
	.byte	0x4
	.uleb128 .LBB15-.Ltext0
	.uleb128 .LBE15-.Ltext0
	.byte	0
.LLRL11:
	.byte	0x4
	.uleb128 .LBB26-.Ltext0
	.uleb128 .LBE26-.Ltext0
	.byte	0x4
	.uleb128 .LBB27-.Ltext0
	.uleb128 .LBE27-.Ltext0
	.byte	0
.Ldebug_ranges3:
	.section	.debug_line,"",@progbits
.Ldebug_line0:
	.section	.debug_str,"MS",@progbits,1
.LASF6:
	.string	"sum3_fixed"
.LASF5:
	.string	"GNU C17 12.2.0 -march=skylake-avx512 -mprefer-vector-width=512 -g -O3 -fasynchronous-unwind-tables"
.LASF2:
	.string	"double"
.LASF4:
	.string	"long int"
.LASF3:
	.string	"long unsigned int"
.LASF7:
	.string	"sum3"
	.section	.debug_line_str,"MS",@progbits,1
.LASF1:
	.string	"."
.LASF0:
	.string	"sum3.c"
	.ident	"GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
