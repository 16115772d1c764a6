	.file	"gather.c"
	.text
.Ltext0:
	.file 0 "." "gather.c"
	.p2align 4
	.globl	gather
	.type	gather, @function
gather:
.LVL0:
.LFB0:
	.file 1 "gather.c"
	.loc 1 4 1 view -0
	.cfi_startproc
	.loc 1 5 5 view .LVU1
.LBB2:
	.loc 1 5 10 view .LVU2
	.loc 1 5 24 view .LVU3
	testq	%rdi, %rdi
	jle	.L20
	leaq	-1(%rdi), %rax
	cmpq	$14, %rax
	jbe	.L8
	movq	%rdi, %r8
	shrq	$4, %r8
	vbroadcastsd	%xmm0, %zmm4
	salq	$6, %r8
	xorl	%eax, %eax
	.loc 1 6 21 is_stmt 0 view .LVU4
	kxnorb	%k1, %k1, %k1
.LVL1:
	.p2align 4,,10
	.p2align 3
.L4:
	.loc 1 6 9 is_stmt 1 discriminator 3 view .LVU5
	.loc 1 6 21 is_stmt 0 discriminator 3 view .LVU6
	vmovdqu	(%rsi,%rax), %ymm1
	vmovdqu32	(%rsi,%rax), %zmm5
	kmovb	%k1, %k2
	vgatherdpd	(%rdx,%ymm1,8), %zmm3{%k2}
	vshufi32x4	$238, %zmm5, %zmm5, %zmm1
	kmovb	%k1, %k3
	vgatherdpd	(%rdx,%ymm1,8), %zmm2{%k3}
	.loc 1 6 18 discriminator 3 view .LVU7
	vmulpd	%zmm4, %zmm3, %zmm1
	.loc 1 6 14 discriminator 3 view .LVU8
	vmovupd	%zmm1, (%rcx,%rax,2)
	.loc 1 6 18 discriminator 3 view .LVU9
	vmulpd	%zmm4, %zmm2, %zmm1
	.loc 1 6 14 discriminator 3 view .LVU10
	vmovupd	%zmm1, 64(%rcx,%rax,2)
	.loc 1 5 30 is_stmt 1 discriminator 3 view .LVU11
	.loc 1 5 24 discriminator 3 view .LVU12
	addq	$64, %rax
	cmpq	%rax, %r8
	jne	.L4
	movq	%rdi, %rax
	andq	$-16, %rax
	movq	%rax, %r8
	cmpq	%rax, %rdi
	je	.L19
.L3:
	.loc 1 5 24 is_stmt 0 discriminator 3 view .LVU13
	movq	%rdi, %r9
	subq	%r8, %r9
	leaq	-1(%r9), %r10
	cmpq	$6, %r10
	jbe	.L6
	.loc 1 6 25 view .LVU14
	vmovdqu	(%rsi,%r8,4), %ymm1
	vbroadcastsd	%xmm0, %ymm2
	.loc 1 6 21 view .LVU15
	kxnorb	%k1, %k1, %k1
	kmovb	%k1, %k4
	vgatherdpd	(%rdx,%xmm1,8), %ymm4{%k4}
	vperm2i128	$17, %ymm1, %ymm1, %ymm1
	vgatherdpd	(%rdx,%xmm1,8), %ymm3{%k1}
	.loc 1 6 18 view .LVU16
	vmovapd	%ymm2, %ymm1
	vmulpd	%ymm1, %ymm3, %ymm1
	vmulpd	%ymm2, %ymm4, %ymm2
	leaq	(%rcx,%r8,8), %r10
	.loc 1 6 9 is_stmt 1 view .LVU17
	movq	%r9, %r8
	andq	$-8, %r8
	addq	%r8, %rax
	andl	$7, %r9d
	.loc 1 6 14 is_stmt 0 view .LVU18
	vmovupd	%ymm2, (%r10)
	vmovupd	%ymm1, 32(%r10)
	.loc 1 5 30 is_stmt 1 view .LVU19
	.loc 1 5 24 view .LVU20
	je	.L19
.L6:
.LVL2:
	.loc 1 6 9 view .LVU21
	.loc 1 6 25 is_stmt 0 view .LVU22
	movslq	(%rsi,%rax,4), %r10
	leaq	0(,%rax,4), %r9
	.loc 1 6 18 view .LVU23
	vmulsd	(%rdx,%r10,8), %xmm0, %xmm1
	.loc 1 5 30 view .LVU24
	leaq	1(%rax), %r10
	.loc 1 6 10 view .LVU25
	leaq	0(,%rax,8), %r8
	.loc 1 6 14 view .LVU26
	vmovsd	%xmm1, (%rcx,%rax,8)
	.loc 1 5 30 is_stmt 1 view .LVU27
	.loc 1 5 24 view .LVU28
	cmpq	%r10, %rdi
	jle	.L19
	.loc 1 6 9 view .LVU29
	.loc 1 6 25 is_stmt 0 view .LVU30
	movslq	4(%rsi,%r9), %r10
	.loc 1 6 18 view .LVU31
	vmulsd	(%rdx,%r10,8), %xmm0, %xmm1
	.loc 1 5 30 view .LVU32
	leaq	2(%rax), %r10
	.loc 1 6 14 view .LVU33
	vmovsd	%xmm1, 8(%rcx,%r8)
	.loc 1 5 30 is_stmt 1 view .LVU34
	.loc 1 5 24 view .LVU35
	cmpq	%r10, %rdi
	jle	.L19
	.loc 1 6 9 view .LVU36
	.loc 1 6 25 is_stmt 0 view .LVU37
	movslq	8(%rsi,%r9), %r10
	.loc 1 6 18 view .LVU38
	vmulsd	(%rdx,%r10,8), %xmm0, %xmm1
	.loc 1 5 30 view .LVU39
	leaq	3(%rax), %r10
	.loc 1 6 14 view .LVU40
	vmovsd	%xmm1, 16(%rcx,%r8)
	.loc 1 5 30 is_stmt 1 view .LVU41
	.loc 1 5 24 view .LVU42
	cmpq	%r10, %rdi
	jle	.L19
	.loc 1 6 9 view .LVU43
	.loc 1 6 25 is_stmt 0 view .LVU44
	movslq	12(%rsi,%r9), %r10
	.loc 1 6 18 view .LVU45
	vmulsd	(%rdx,%r10,8), %xmm0, %xmm1
	.loc 1 5 30 view .LVU46
	leaq	4(%rax), %r10
	.loc 1 6 14 view .LVU47
	vmovsd	%xmm1, 24(%rcx,%r8)
	.loc 1 5 30 is_stmt 1 view .LVU48
	.loc 1 5 24 view .LVU49
	cmpq	%r10, %rdi
	jle	.L19
	.loc 1 6 9 view .LVU50
	.loc 1 6 25 is_stmt 0 view .LVU51
	movslq	16(%rsi,%r9), %r10
	.loc 1 6 18 view .LVU52
	vmulsd	(%rdx,%r10,8), %xmm0, %xmm1
	.loc 1 5 30 view .LVU53
	leaq	5(%rax), %r10
	.loc 1 6 14 view .LVU54
	vmovsd	%xmm1, 32(%rcx,%r8)
	.loc 1 5 30 is_stmt 1 view .LVU55
	.loc 1 5 24 view .LVU56
	cmpq	%r10, %rdi
	jle	.L19
	.loc 1 6 9 view .LVU57
	.loc 1 6 25 is_stmt 0 view .LVU58
	movslq	20(%rsi,%r9), %r10
	.loc 1 5 30 view .LVU59
	addq	$6, %rax
	.loc 1 6 18 view .LVU60
	vmulsd	(%rdx,%r10,8), %xmm0, %xmm1
	.loc 1 6 14 view .LVU61
	vmovsd	%xmm1, 40(%rcx,%r8)
	.loc 1 5 30 is_stmt 1 view .LVU62
	.loc 1 5 24 view .LVU63
	cmpq	%rax, %rdi
	jle	.L19
	.loc 1 6 9 view .LVU64
	.loc 1 6 25 is_stmt 0 view .LVU65
	movslq	24(%rsi,%r9), %rax
	.loc 1 6 18 view .LVU66
	vmulsd	(%rdx,%rax,8), %xmm0, %xmm0
.LVL3:
	.loc 1 6 14 view .LVU67
	vmovsd	%xmm0, 48(%rcx,%r8)
	.loc 1 5 30 is_stmt 1 view .LVU68
	.loc 1 5 24 view .LVU69
	vzeroupper
.LVL4:
.LBE2:
	.loc 1 7 1 is_stmt 0 view .LVU70
	ret
.LVL5:
	.p2align 4,,10
	.p2align 3
.L19:
	.loc 1 7 1 view .LVU71
	vzeroupper
.LVL6:
.L20:
	ret
.LVL7:
.L8:
.LBB3:
	.loc 1 5 24 view .LVU72
	xorl	%r8d, %r8d
	.loc 1 5 15 view .LVU73
	xorl	%eax, %eax
	jmp	.L3
.LBE3:
	.cfi_endproc
.LFE0:
	.size	gather, .-gather
.Letext0:
	.section	.debug_info,"",@progbits
.Ldebug_info0:
	.long	0xf7
	.value	0x5
	.byte	0x1
	.byte	0x8
	.long	.Ldebug_abbrev0
	.uleb128 0x7
	.long	.LASF4
	.byte	0x1d
	.long	.LASF0
	.long	.LASF1
	.quad	.Ltext0
	.quad	.Letext0-.Ltext0
	.long	.Ldebug_line0
	.uleb128 0x4
	.byte	0x4
	.long	.LASF2
	.uleb128 0x8
	.long	.LASF5
	.byte	0x1
	.byte	0x2
	.byte	0x6
	.quad	.LFB0
	.quad	.LFE0-.LFB0
	.uleb128 0x1
	.byte	0x9c
	.long	0xc5
	.uleb128 0x1
	.string	"n"
	.byte	0x2
	.byte	0x12
	.long	0xc5
	.uleb128 0x1
	.byte	0x55
	.uleb128 0x9
	.string	"s"
	.byte	0x1
	.byte	0x2
	.byte	0x1c
	.long	0x2e
	.long	.LLST0
	.long	.LVUS0
	.uleb128 0x1
	.string	"idx"
	.byte	0x2
	.byte	0x33
	.long	0xd5
	.uleb128 0x1
	.byte	0x54
	.uleb128 0x1
	.string	"x"
	.byte	0x2
	.byte	0x4f
	.long	0xeb
	.uleb128 0x1
	.byte	0x51
	.uleb128 0x1
	.string	"y"
	.byte	0x3
	.byte	0x1e
	.long	0xf5
	.uleb128 0x1
	.byte	0x52
	.uleb128 0xa
	.long	.LLRL1
	.long	0xae
	.uleb128 0xb
	.string	"i"
	.byte	0x1
	.byte	0x5
	.byte	0xf
	.long	0xc5
	.long	.LLST2
	.long	.LVUS2
	.byte	0
	.uleb128 0x5
	.quad	.LVL4
	.uleb128 0x1
	.byte	0x30
	.uleb128 0x5
	.quad	.LVL6
	.uleb128 0x1
	.byte	0x30
	.byte	0
	.uleb128 0x4
	.byte	0x5
	.long	.LASF3
	.uleb128 0x6
	.long	0x2e
	.uleb128 0x2
	.long	0xe1
	.uleb128 0x3
	.long	0xd0
	.uleb128 0xc
	.byte	0x4
	.byte	0x5
	.string	"int"
	.uleb128 0x6
	.long	0xda
	.uleb128 0x2
	.long	0xcb
	.uleb128 0x3
	.long	0xe6
	.uleb128 0x2
	.long	0x2e
	.uleb128 0x3
	.long	0xf0
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
	.uleb128 0x18
	.byte	0
	.byte	0
	.uleb128 0x2
	.uleb128 0xf
	.byte	0
	.uleb128 0xb
	.uleb128 0x21
	.sleb128 8
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x3
	.uleb128 0x37
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x4
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
	.uleb128 0x5
	.uleb128 0x48
	.byte	0
	.uleb128 0x7d
	.uleb128 0x1
	.uleb128 0x83
	.uleb128 0x18
	.byte	0
	.byte	0
	.uleb128 0x6
	.uleb128 0x26
	.byte	0
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x7
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
	.uleb128 0x8
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
	.uleb128 0x9
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
	.uleb128 0xa
	.uleb128 0xb
	.byte	0x1
	.uleb128 0x55
	.uleb128 0x17
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0xb
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
	.uleb128 0x2
	.uleb128 0x17
	.uleb128 0x2137
	.uleb128 0x17
	.byte	0
	.byte	0
	.uleb128 0xc
	.uleb128 0x24
	.byte	0
	.uleb128 0xb
	.uleb128 0xb
	.uleb128 0x3e
	.uleb128 0xb
	.uleb128 0x3
	.uleb128 0x8
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
	.uleb128 .LVU67
	.uleb128 .LVU67
	.uleb128 .LVU71
	.uleb128 .LVU71
	.uleb128 0
.LLST0:
	.byte	0x4
	.uleb128 .LVL0-.Ltext0
	.uleb128 .LVL3-.Ltext0
	.uleb128 0x1
	.byte	0x61
	.byte	0x4
	.uleb128 .LVL3-.Ltext0
	.uleb128 .LVL5-.Ltext0
	.uleb128 0x6
	.byte	0xa3
	.uleb128 0x3
	.byte	0xa5
	.uleb128 0x11
	.uleb128 0x2e
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL5-.Ltext0
	.uleb128 .LFE0-.Ltext0
	.uleb128 0x1
	.byte	0x61
	.byte	0
.LVUS2:
	.uleb128 .LVU3
	.uleb128 .LVU5
	.uleb128 .LVU72
	.uleb128 0
.LLST2:
	.byte	0x4
	.uleb128 .LVL0-.Ltext0
	.uleb128 .LVL1-.Ltext0
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL7-.Ltext0
	.uleb128 .LFE0-.Ltext0
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
	.section	.debug_rnglists,"",@progbits
.Ldebug_ranges0:
	.long	.Ldebug_ranges3-.Ldebug_ranges2
.Ldebug_ranges2:
	.value	0x5
	.byte	0x8
	.byte	0
	.long	0
.LLRL1:
	.byte	0x4
	.uleb128 .LBB2-.Ltext0
	.uleb128 .LBE2-.Ltext0
	.byte	0x4
	.uleb128 .LBB3-.Ltext0
	.uleb128 .LBE3-.Ltext0
	.byte	0
.Ldebug_ranges3:
	.section	.debug_line,"",@progbits
.Ldebug_line0:
	.section	.debug_str,"MS",@progbits,1
.LASF4:
	.string	"GNU C17 12.2.0 -march=skylake-avx512 -mprefer-vector-width=512 -g -O3 -fasynchronous-unwind-tables"
.LASF3:
	.string	"long int"
.LASF2:
	.string	"double"
.LASF5:
	.string	"gather"
	.section	.debug_line_str,"MS",@progbits,1
.LASF0:
	.string	"gather.c"
.LASF1:
	.string	"."
	.ident	"GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
