	.file	"axpy.c"
	.text
.Ltext0:
	.file 0 "." "axpy.c"
	.p2align 4
	.globl	scale
	.type	scale, @function
scale:
.LVL0:
.LFB0:
	.file 1 "axpy.c"
	.loc 1 2 1 view -0
	.cfi_startproc
	.loc 1 3 5 view .LVU1
.LBB2:
	.loc 1 3 10 view .LVU2
	.loc 1 3 24 view .LVU3
.LBE2:
	.loc 1 2 1 is_stmt 0 view .LVU4
	movq	%rdi, %rcx
.LBB3:
	.loc 1 3 24 view .LVU5
	testq	%rdx, %rdx
	jle	.L16
	leaq	-1(%rdx), %rax
	cmpq	$6, %rax
	jbe	.L8
	movq	%rdx, %rdi
.LVL1:
	.loc 1 3 24 view .LVU6
	shrq	$3, %rdi
	vbroadcastsd	%xmm0, %zmm2
	salq	$6, %rdi
	xorl	%eax, %eax
.LVL2:
	.p2align 4,,10
	.p2align 3
.L4:
	.loc 1 4 9 is_stmt 1 discriminator 3 view .LVU7
	.loc 1 4 25 is_stmt 0 discriminator 3 view .LVU8
	vmovupd	(%rsi,%rax), %zmm1
	vfmadd213pd	(%rcx,%rax), %zmm2, %zmm1
	.loc 1 4 14 discriminator 3 view .LVU9
	vmovupd	%zmm1, (%rcx,%rax)
	.loc 1 3 30 is_stmt 1 discriminator 3 view .LVU10
	.loc 1 3 24 discriminator 3 view .LVU11
	addq	$64, %rax
	cmpq	%rax, %rdi
	jne	.L4
	movq	%rdx, %rax
	andq	$-8, %rax
	movq	%rax, %rdi
	cmpq	%rax, %rdx
	je	.L15
.L3:
	.loc 1 3 24 is_stmt 0 discriminator 3 view .LVU12
	movq	%rdx, %r8
	subq	%rdi, %r8
	leaq	-1(%r8), %r9
	cmpq	$2, %r9
	jbe	.L6
	leaq	(%rcx,%rdi,8), %r9
	.loc 1 4 9 is_stmt 1 view .LVU13
	.loc 1 4 25 is_stmt 0 view .LVU14
	vmovupd	(%r9), %ymm3
	vbroadcastsd	%xmm0, %ymm1
	vfmadd132pd	(%rsi,%rdi,8), %ymm3, %ymm1
	movq	%r8, %rdi
	andq	$-4, %rdi
	addq	%rdi, %rax
	andl	$3, %r8d
	.loc 1 4 14 view .LVU15
	vmovupd	%ymm1, (%r9)
	.loc 1 3 30 is_stmt 1 view .LVU16
	.loc 1 3 24 view .LVU17
	je	.L15
.L6:
.LVL3:
	.loc 1 4 9 view .LVU18
	.loc 1 4 25 is_stmt 0 view .LVU19
	vmovsd	(%rsi,%rax,8), %xmm1
	.loc 1 4 21 view .LVU20
	leaq	0(,%rax,8), %rdi
	.loc 1 4 28 view .LVU21
	leaq	(%rcx,%rdi), %r8
	.loc 1 4 25 view .LVU22
	vfmadd213sd	(%r8), %xmm0, %xmm1
	.loc 1 4 14 view .LVU23
	vmovsd	%xmm1, (%r8)
	.loc 1 3 30 is_stmt 1 view .LVU24
	.loc 1 3 24 view .LVU25
	.loc 1 3 30 is_stmt 0 view .LVU26
	leaq	1(%rax), %r8
	.loc 1 3 24 view .LVU27
	cmpq	%r8, %rdx
	jle	.L15
	.loc 1 4 9 is_stmt 1 view .LVU28
	.loc 1 4 25 is_stmt 0 view .LVU29
	vmovsd	8(%rsi,%rdi), %xmm1
	.loc 1 4 28 view .LVU30
	leaq	8(%rcx,%rdi), %r8
	.loc 1 4 25 view .LVU31
	vfmadd213sd	(%r8), %xmm0, %xmm1
	.loc 1 3 30 view .LVU32
	addq	$2, %rax
	.loc 1 4 14 view .LVU33
	vmovsd	%xmm1, (%r8)
	.loc 1 3 30 is_stmt 1 view .LVU34
	.loc 1 3 24 view .LVU35
	cmpq	%rax, %rdx
	jle	.L15
	.loc 1 4 9 view .LVU36
	.loc 1 4 28 is_stmt 0 view .LVU37
	leaq	16(%rcx,%rdi), %rax
	.loc 1 4 25 view .LVU38
	vmovsd	(%rax), %xmm4
	vfmadd132sd	16(%rsi,%rdi), %xmm4, %xmm0
.LVL4:
	.loc 1 4 14 view .LVU39
	vmovsd	%xmm0, (%rax)
	.loc 1 3 30 is_stmt 1 view .LVU40
	.loc 1 3 24 view .LVU41
	vzeroupper
.LVL5:
.LBE3:
	.loc 1 5 1 is_stmt 0 view .LVU42
	ret
.LVL6:
	.p2align 4,,10
	.p2align 3
.L15:
	.loc 1 5 1 view .LVU43
	vzeroupper
.LVL7:
.L16:
	ret
.LVL8:
.L8:
.LBB4:
	.loc 1 3 24 view .LVU44
	xorl	%edi, %edi
	.loc 1 3 15 view .LVU45
	xorl	%eax, %eax
	jmp	.L3
.LBE4:
	.cfi_endproc
.LFE0:
	.size	scale, .-scale
.Letext0:
	.section	.debug_info,"",@progbits
.Ldebug_info0:
	.long	0xd5
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
	.uleb128 0x1
	.byte	0x4
	.long	.LASF2
	.uleb128 0x8
	.long	.LASF5
	.byte	0x1
	.byte	0x1
	.byte	0x6
	.quad	.LFB0
	.quad	.LFE0-.LFB0
	.uleb128 0x1
	.byte	0x9c
	.long	0xb9
	.uleb128 0x2
	.string	"a"
	.byte	0x1d
	.long	0xbe
	.long	.LLST0
	.long	.LVUS0
	.uleb128 0x3
	.string	"b"
	.byte	0x37
	.long	0xcd
	.uleb128 0x1
	.byte	0x54
	.uleb128 0x2
	.string	"s"
	.byte	0x41
	.long	0x2e
	.long	.LLST1
	.long	.LVUS1
	.uleb128 0x3
	.string	"n"
	.byte	0x49
	.long	0xd2
	.uleb128 0x1
	.byte	0x51
	.uleb128 0x9
	.long	.LLRL2
	.long	0xa2
	.uleb128 0xa
	.string	"i"
	.byte	0x1
	.byte	0x3
	.byte	0xf
	.long	0xd2
	.long	.LLST3
	.long	.LVUS3
	.byte	0
	.uleb128 0x4
	.quad	.LVL5
	.uleb128 0x1
	.byte	0x30
	.uleb128 0x4
	.quad	.LVL7
	.uleb128 0x1
	.byte	0x30
	.byte	0
	.uleb128 0x5
	.long	0x2e
	.uleb128 0x6
	.long	0xb9
	.uleb128 0xb
	.long	0x2e
	.uleb128 0x5
	.long	0xc3
	.uleb128 0x6
	.long	0xc8
	.uleb128 0x1
	.byte	0x5
	.long	.LASF3
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
	.uleb128 0x3
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
	.uleb128 0x18
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
	.uleb128 0xf
	.byte	0
	.uleb128 0xb
	.uleb128 0x21
	.sleb128 8
	.uleb128 0x49
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0x6
	.uleb128 0x37
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
	.uleb128 0xb
	.byte	0x1
	.uleb128 0x55
	.uleb128 0x17
	.uleb128 0x1
	.uleb128 0x13
	.byte	0
	.byte	0
	.uleb128 0xa
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
	.uleb128 0xb
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
	.uleb128 .LVU6
	.uleb128 .LVU6
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
	.uleb128 .LVU39
	.uleb128 .LVU39
	.uleb128 .LVU43
	.uleb128 .LVU43
	.uleb128 0
.LLST1:
	.byte	0x4
	.uleb128 .LVL0-.Ltext0
	.uleb128 .LVL4-.Ltext0
	.uleb128 0x1
	.byte	0x61
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
	.uleb128 .LFE0-.Ltext0
	.uleb128 0x1
	.byte	0x61
	.byte	0
.LVUS3:
	.uleb128 .LVU3
	.uleb128 .LVU7
	.uleb128 .LVU44
	.uleb128 0
.LLST3:
	.byte	0x4
	.uleb128 .LVL0-.Ltext0
	.uleb128 .LVL2-.Ltext0
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
.LLRL2:
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
.LASF2:
	.string	"double"
.LASF5:
	.string	"scale"
.LASF3:
	.string	"long int"
.LASF4:
	.string	"GNU C17 12.2.0 -march=skylake-avx512 -mprefer-vector-width=512 -g -O3 -fasynchronous-unwind-tables"
	.section	.debug_line_str,"MS",@progbits,1
.LASF0:
	.string	"axpy.c"
.LASF1:
	.string	"."
	.ident	"GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
