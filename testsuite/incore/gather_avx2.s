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
.LBE2:
	.loc 1 4 1 is_stmt 0 view .LVU4
	vmovsd	%xmm0, %xmm0, %xmm5
.LBB3:
	.loc 1 5 24 view .LVU5
	testq	%rdi, %rdi
	jle	.L14
	leaq	-1(%rdi), %rax
	cmpq	$6, %rax
	jbe	.L8
	movq	%rdi, %r8
	shrq	$3, %r8
	vbroadcastsd	%xmm0, %ymm4
	salq	$5, %r8
	xorl	%eax, %eax
	.loc 1 6 21 view .LVU6
	vpcmpeqd	%ymm3, %ymm3, %ymm3
.LVL1:
	.p2align 4,,10
	.p2align 3
.L4:
	.loc 1 6 9 is_stmt 1 discriminator 3 view .LVU7
	.loc 1 6 25 is_stmt 0 discriminator 3 view .LVU8
	vmovdqu	(%rsi,%rax), %ymm0
	.loc 1 6 21 discriminator 3 view .LVU9
	vmovapd	%ymm3, %ymm6
	vgatherdpd	%ymm6, (%rdx,%xmm0,8), %ymm2
	vmovapd	%ymm3, %ymm7
	vperm2i128	$17, %ymm0, %ymm0, %ymm0
	vgatherdpd	%ymm7, (%rdx,%xmm0,8), %ymm1
	.loc 1 6 18 discriminator 3 view .LVU10
	vmulpd	%ymm4, %ymm2, %ymm0
	.loc 1 6 14 discriminator 3 view .LVU11
	vmovupd	%ymm0, (%rcx,%rax,2)
	.loc 1 6 18 discriminator 3 view .LVU12
	vmulpd	%ymm4, %ymm1, %ymm0
	.loc 1 6 14 discriminator 3 view .LVU13
	vmovupd	%ymm0, 32(%rcx,%rax,2)
	.loc 1 5 30 is_stmt 1 discriminator 3 view .LVU14
	.loc 1 5 24 discriminator 3 view .LVU15
	addq	$32, %rax
	cmpq	%rax, %r8
	jne	.L4
	movq	%rdi, %rax
	andq	$-8, %rax
	movq	%rax, %r8
	cmpq	%rax, %rdi
	je	.L16
	vzeroupper
.LVL2:
.L3:
	.loc 1 5 24 is_stmt 0 discriminator 3 view .LVU16
	movq	%rdi, %r9
	subq	%r8, %r9
	leaq	-1(%r9), %r10
	cmpq	$2, %r10
	jbe	.L6
	.loc 1 6 25 view .LVU17
	vmovdqu	(%rsi,%r8,4), %xmm1
	.loc 1 6 21 view .LVU18
	vpcmpeqd	%xmm2, %xmm2, %xmm2
	vmovapd	%xmm2, %xmm6
	vgatherdpd	%xmm6, (%rdx,%xmm1,8), %xmm3
	vmovapd	%xmm2, %xmm7
	vpshufd	$238, %xmm1, %xmm1
	vgatherdpd	%xmm7, (%rdx,%xmm1,8), %xmm2
	vmovddup	%xmm5, %xmm0
	.loc 1 6 18 view .LVU19
	vmulpd	%xmm0, %xmm3, %xmm1
	vmulpd	%xmm0, %xmm2, %xmm0
	leaq	(%rcx,%r8,8), %r10
	.loc 1 6 9 is_stmt 1 view .LVU20
	movq	%r9, %r8
	andq	$-4, %r8
	addq	%r8, %rax
	andl	$3, %r9d
	.loc 1 6 14 is_stmt 0 view .LVU21
	vmovupd	%xmm1, (%r10)
	vmovupd	%xmm0, 16(%r10)
	.loc 1 5 30 is_stmt 1 view .LVU22
	.loc 1 5 24 view .LVU23
	je	.L14
.L6:
.LVL3:
	.loc 1 6 9 view .LVU24
	.loc 1 6 25 is_stmt 0 view .LVU25
	movslq	(%rsi,%rax,4), %r10
	leaq	0(,%rax,4), %r9
	.loc 1 6 18 view .LVU26
	vmulsd	(%rdx,%r10,8), %xmm5, %xmm0
	.loc 1 5 30 view .LVU27
	leaq	1(%rax), %r10
	.loc 1 6 10 view .LVU28
	leaq	0(,%rax,8), %r8
	.loc 1 6 14 view .LVU29
	vmovsd	%xmm0, (%rcx,%rax,8)
	.loc 1 5 30 is_stmt 1 view .LVU30
	.loc 1 5 24 view .LVU31
	cmpq	%r10, %rdi
	jle	.L14
	.loc 1 6 9 view .LVU32
	.loc 1 6 25 is_stmt 0 view .LVU33
	movslq	4(%rsi,%r9), %r10
	.loc 1 5 30 view .LVU34
	addq	$2, %rax
	.loc 1 6 18 view .LVU35
	vmulsd	(%rdx,%r10,8), %xmm5, %xmm0
	.loc 1 6 14 view .LVU36
	vmovsd	%xmm0, 8(%rcx,%r8)
	.loc 1 5 30 is_stmt 1 view .LVU37
	.loc 1 5 24 view .LVU38
	cmpq	%rax, %rdi
	jle	.L14
	.loc 1 6 9 view .LVU39
	.loc 1 6 25 is_stmt 0 view .LVU40
	movslq	8(%rsi,%r9), %rax
	.loc 1 6 18 view .LVU41
	vmulsd	(%rdx,%rax,8), %xmm5, %xmm5
.LVL4:
	.loc 1 6 14 view .LVU42
	vmovsd	%xmm5, 16(%rcx,%r8)
	.loc 1 5 30 is_stmt 1 view .LVU43
	.loc 1 5 24 view .LVU44
.LVL5:
.L14:
	.loc 1 5 24 is_stmt 0 view .LVU45
.LBE3:
	.loc 1 7 1 view .LVU46
	ret
.LVL6:
	.p2align 4,,10
	.p2align 3
.L16:
	.loc 1 7 1 view .LVU47
	vzeroupper
.LVL7:
	ret
.LVL8:
.L8:
.LBB4:
	.loc 1 5 24 view .LVU48
	xorl	%r8d, %r8d
	.loc 1 5 15 view .LVU49
	xorl	%eax, %eax
	jmp	.L3
.LBE4:
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
	.quad	.LVL2
	.uleb128 0x1
	.byte	0x30
	.uleb128 0x5
	.quad	.LVL7
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
	.uleb128 .LVU7
	.uleb128 .LVU7
	.uleb128 .LVU42
	.uleb128 .LVU42
	.uleb128 .LVU47
	.uleb128 .LVU47
	.uleb128 .LVU48
	.uleb128 .LVU48
	.uleb128 0
.LLST0:
	.byte	0x4
	.uleb128 .LVL0-.Ltext0
	.uleb128 .LVL1-.Ltext0
	.uleb128 0x1
	.byte	0x61
	.byte	0x4
	.uleb128 .LVL1-.Ltext0
	.uleb128 .LVL4-.Ltext0
	.uleb128 0x1
	.byte	0x66
	.byte	0x4
	.uleb128 .LVL4-.Ltext0
	.uleb128 .LVL6-.Ltext0
	.uleb128 0x6
	.byte	0xa3
	.uleb128 0x3
	.byte	0xa5
	.uleb128 0x11
	.uleb128 0x2e
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL6-.Ltext0
	.uleb128 .LVL8-.Ltext0
	.uleb128 0x1
	.byte	0x66
	.byte	0x4
	.uleb128 .LVL8-.Ltext0
	.uleb128 .LFE0-.Ltext0
	.uleb128 0x1
	.byte	0x61
	.byte	0
.LVUS2:
	.uleb128 .LVU3
	.uleb128 .LVU7
	.uleb128 .LVU48
	.uleb128 0
.LLST2:
	.byte	0x4
	.uleb128 .LVL0-.Ltext0
	.uleb128 .LVL1-.Ltext0
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL8-.Ltext0
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
	.byte	0x4
	.uleb128 .LBB4-.Ltext0
	.uleb128 .LBE4-.Ltext0
	.byte	0
.Ldebug_ranges3:
	.section	.debug_line,"",@progbits
.Ldebug_line0:
	.section	.debug_str,"MS",@progbits,1
.LASF4:
	.string	"GNU C17 12.2.0 -march=skylake -g -O3 -fasynchronous-unwind-tables"
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
