	.file	"unroll4.c"
	.text
.Ltext0:
	.file 0 "." "unroll4.c"
	.p2align 4
	.globl	scale4
	.type	scale4, @function
scale4:
.LVL0:
.LFB0:
	.file 1 "unroll4.c"
	.loc 1 2 1 view -0
	.cfi_startproc
.LBB2:
	.loc 1 4 10 view .LVU1
	.loc 1 4 5 view .LVU2
	testq	%rdx, %rdx
	jle	.L1
	movq	%rdx, %rcx
	.loc 1 4 15 is_stmt 0 view .LVU3
	xorl	%eax, %eax
	andl	$3, %ecx
	je	.L3
	cmpq	$1, %rcx
	je	.L14
	cmpq	$2, %rcx
	je	.L15
.LVL1:
	.loc 1 5 9 is_stmt 1 view .LVU4
	.loc 1 5 18 is_stmt 0 view .LVU5
	movsd	(%rsi), %xmm1
	.loc 1 4 30 view .LVU6
	movl	$1, %eax
	.loc 1 5 18 view .LVU7
	mulsd	%xmm0, %xmm1
	.loc 1 5 25 view .LVU8
	addsd	(%rdi), %xmm1
	.loc 1 5 14 view .LVU9
	movsd	%xmm1, (%rdi)
	.loc 1 4 30 is_stmt 1 view .LVU10
.LVL2:
	.loc 1 4 5 view .LVU11
.L15:
	.loc 1 5 9 view .LVU12
	.loc 1 5 18 is_stmt 0 view .LVU13
	movsd	(%rsi,%rax,8), %xmm1
	mulsd	%xmm0, %xmm1
	.loc 1 5 25 view .LVU14
	addsd	(%rdi,%rax,8), %xmm1
	.loc 1 5 14 view .LVU15
	movsd	%xmm1, (%rdi,%rax,8)
	.loc 1 4 30 is_stmt 1 view .LVU16
	addq	$1, %rax
.LVL3:
	.loc 1 4 5 view .LVU17
.L14:
	.loc 1 5 9 view .LVU18
	.loc 1 5 18 is_stmt 0 view .LVU19
	movsd	(%rsi,%rax,8), %xmm1
	mulsd	%xmm0, %xmm1
	.loc 1 5 25 view .LVU20
	addsd	(%rdi,%rax,8), %xmm1
	.loc 1 5 14 view .LVU21
	movsd	%xmm1, (%rdi,%rax,8)
	.loc 1 4 30 is_stmt 1 view .LVU22
	addq	$1, %rax
.LVL4:
	.loc 1 4 5 view .LVU23
	cmpq	%rax, %rdx
	je	.L21
.LVL5:
.L3:
	.loc 1 5 9 discriminator 3 view .LVU24
	.loc 1 5 18 is_stmt 0 discriminator 3 view .LVU25
	movsd	(%rsi,%rax,8), %xmm1
	.loc 1 4 30 discriminator 3 view .LVU26
	leaq	1(%rax), %rcx
	.loc 1 5 18 discriminator 3 view .LVU27
	mulsd	%xmm0, %xmm1
	.loc 1 5 25 discriminator 3 view .LVU28
	addsd	(%rdi,%rax,8), %xmm1
	.loc 1 5 14 discriminator 3 view .LVU29
	movsd	%xmm1, (%rdi,%rax,8)
	.loc 1 4 30 is_stmt 1 discriminator 3 view .LVU30
.LVL6:
	.loc 1 4 5 discriminator 3 view .LVU31
	.loc 1 5 9 discriminator 3 view .LVU32
	.loc 1 5 18 is_stmt 0 discriminator 3 view .LVU33
	movsd	8(%rsi,%rax,8), %xmm1
	mulsd	%xmm0, %xmm1
	.loc 1 5 25 discriminator 3 view .LVU34
	addsd	8(%rdi,%rax,8), %xmm1
	.loc 1 4 30 discriminator 3 view .LVU35
	addq	$2, %rax
	.loc 1 5 14 discriminator 3 view .LVU36
	movsd	%xmm1, (%rdi,%rcx,8)
	.loc 1 4 30 is_stmt 1 discriminator 3 view .LVU37
.LVL7:
	.loc 1 4 5 discriminator 3 view .LVU38
	.loc 1 5 9 discriminator 3 view .LVU39
	.loc 1 5 18 is_stmt 0 discriminator 3 view .LVU40
	movsd	(%rsi,%rax,8), %xmm1
	mulsd	%xmm0, %xmm1
	.loc 1 5 25 discriminator 3 view .LVU41
	addsd	(%rdi,%rax,8), %xmm1
	.loc 1 5 14 discriminator 3 view .LVU42
	movsd	%xmm1, (%rdi,%rax,8)
	.loc 1 4 30 is_stmt 1 discriminator 3 view .LVU43
.LVL8:
	.loc 1 4 5 discriminator 3 view .LVU44
	.loc 1 5 9 discriminator 3 view .LVU45
	.loc 1 5 18 is_stmt 0 discriminator 3 view .LVU46
	movsd	16(%rsi,%rcx,8), %xmm1
	.loc 1 4 30 discriminator 3 view .LVU47
	leaq	3(%rcx), %rax
	.loc 1 5 18 discriminator 3 view .LVU48
	mulsd	%xmm0, %xmm1
	.loc 1 5 25 discriminator 3 view .LVU49
	addsd	16(%rdi,%rcx,8), %xmm1
	.loc 1 5 14 discriminator 3 view .LVU50
	movsd	%xmm1, 16(%rdi,%rcx,8)
	.loc 1 4 30 is_stmt 1 discriminator 3 view .LVU51
.LVL9:
	.loc 1 4 5 discriminator 3 view .LVU52
	cmpq	%rax, %rdx
	jne	.L3
.LVL10:
.L1:
	.loc 1 4 5 is_stmt 0 discriminator 3 view .LVU53
.LBE2:
	.loc 1 6 1 view .LVU54
	ret
.LVL11:
.L21:
	.loc 1 6 1 view .LVU55
	ret
	.cfi_endproc
.LFE0:
	.size	scale4, .-scale4
.Letext0:
	.section	.debug_info,"",@progbits
.Ldebug_info0:
	.long	0xbb
	.value	0x5
	.byte	0x1
	.byte	0x8
	.long	.Ldebug_abbrev0
	.uleb128 0x5
	.long	.LASF4
	.byte	0x1d
	.long	.LASF0
	.long	.LASF1
	.quad	.Ltext0
	.quad	.Letext0-.Ltext0
	.long	.Ldebug_line0
	.uleb128 0x6
	.long	.LASF5
	.byte	0x1
	.byte	0x1
	.byte	0x6
	.quad	.LFB0
	.quad	.LFE0-.LFB0
	.uleb128 0x1
	.byte	0x9c
	.long	0x99
	.uleb128 0x1
	.string	"a"
	.byte	0x1e
	.long	0x9e
	.uleb128 0x1
	.byte	0x55
	.uleb128 0x1
	.string	"b"
	.byte	0x38
	.long	0xb3
	.uleb128 0x1
	.byte	0x54
	.uleb128 0x1
	.string	"s"
	.byte	0x42
	.long	0xa3
	.uleb128 0x1
	.byte	0x61
	.uleb128 0x1
	.string	"n"
	.byte	0x4a
	.long	0xb8
	.uleb128 0x1
	.byte	0x51
	.uleb128 0x7
	.quad	.LBB2
	.quad	.LBE2-.LBB2
	.uleb128 0x8
	.string	"i"
	.byte	0x1
	.byte	0x4
	.byte	0xf
	.long	0xb8
	.long	.LLST0
	.long	.LVUS0
	.byte	0
	.byte	0
	.uleb128 0x2
	.long	0xa3
	.uleb128 0x3
	.long	0x99
	.uleb128 0x4
	.byte	0x4
	.long	.LASF2
	.uleb128 0x9
	.long	0xa3
	.uleb128 0x2
	.long	0xa9
	.uleb128 0x3
	.long	0xae
	.uleb128 0x4
	.byte	0x5
	.long	.LASF3
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
	.uleb128 0x6
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
	.uleb128 0x9
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
	.uleb128 .LVU2
	.uleb128 .LVU4
	.uleb128 .LVU11
	.uleb128 .LVU31
	.uleb128 .LVU31
	.uleb128 .LVU38
	.uleb128 .LVU38
	.uleb128 .LVU44
	.uleb128 .LVU44
	.uleb128 .LVU52
	.uleb128 .LVU52
	.uleb128 .LVU53
	.uleb128 .LVU55
	.uleb128 0
.LLST0:
	.byte	0x4
	.uleb128 .LVL0-.Ltext0
	.uleb128 .LVL1-.Ltext0
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL2-.Ltext0
	.uleb128 .LVL6-.Ltext0
	.uleb128 0x1
	.byte	0x50
	.byte	0x4
	.uleb128 .LVL6-.Ltext0
	.uleb128 .LVL7-.Ltext0
	.uleb128 0x1
	.byte	0x52
	.byte	0x4
	.uleb128 .LVL7-.Ltext0
	.uleb128 .LVL8-.Ltext0
	.uleb128 0x1
	.byte	0x50
	.byte	0x4
	.uleb128 .LVL8-.Ltext0
	.uleb128 .LVL9-.Ltext0
	.uleb128 0x3
	.byte	0x72
	.sleb128 2
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL9-.Ltext0
	.uleb128 .LVL10-.Ltext0
	.uleb128 0x1
	.byte	0x50
	.byte	0x4
	.uleb128 .LVL11-.Ltext0
	.uleb128 .LFE0-.Ltext0
	.uleb128 0x1
	.byte	0x50
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
.LASF2:
	.string	"double"
.LASF3:
	.string	"long int"
.LASF5:
	.string	"scale4"
.LASF4:
	.string	"GNU C17 12.2.0 -mtune=generic -march=x86-64 -g -O2 -fasynchronous-unwind-tables"
	.section	.debug_line_str,"MS",@progbits,1
.LASF1:
	.string	"."
.LASF0:
	.string	"unroll4.c"
	.ident	"GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
