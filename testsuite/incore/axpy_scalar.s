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
	testq	%rdx, %rdx
	jle	.L1
	.loc 1 3 15 is_stmt 0 view .LVU4
	xorl	%eax, %eax
.LVL1:
	.p2align 4,,10
	.p2align 3
.L3:
	.loc 1 4 9 is_stmt 1 discriminator 3 view .LVU5
	.loc 1 4 18 is_stmt 0 discriminator 3 view .LVU6
	movsd	(%rsi,%rax,8), %xmm1
	mulsd	%xmm0, %xmm1
	.loc 1 4 25 discriminator 3 view .LVU7
	addsd	(%rdi,%rax,8), %xmm1
	.loc 1 4 14 discriminator 3 view .LVU8
	movsd	%xmm1, (%rdi,%rax,8)
	.loc 1 3 30 is_stmt 1 discriminator 3 view .LVU9
	addq	$1, %rax
.LVL2:
	.loc 1 3 24 discriminator 3 view .LVU10
	cmpq	%rax, %rdx
	jne	.L3
.LVL3:
.L1:
	.loc 1 3 24 is_stmt 0 discriminator 3 view .LVU11
.LBE2:
	.loc 1 5 1 view .LVU12
	ret
	.cfi_endproc
.LFE0:
	.size	scale, .-scale
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
	.byte	0x1d
	.long	0x9e
	.uleb128 0x1
	.byte	0x55
	.uleb128 0x1
	.string	"b"
	.byte	0x37
	.long	0xb3
	.uleb128 0x1
	.byte	0x54
	.uleb128 0x1
	.string	"s"
	.byte	0x41
	.long	0xa3
	.uleb128 0x1
	.byte	0x61
	.uleb128 0x1
	.string	"n"
	.byte	0x49
	.long	0xb8
	.uleb128 0x1
	.byte	0x51
	.uleb128 0x7
	.quad	.LBB2
	.quad	.LBE2-.LBB2
	.uleb128 0x8
	.string	"i"
	.byte	0x1
	.byte	0x3
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
	.uleb128 .LVU3
	.uleb128 .LVU5
	.uleb128 .LVU5
	.uleb128 .LVU11
.LLST0:
	.byte	0x4
	.uleb128 .LVL0-.Ltext0
	.uleb128 .LVL1-.Ltext0
	.uleb128 0x2
	.byte	0x30
	.byte	0x9f
	.byte	0x4
	.uleb128 .LVL1-.Ltext0
	.uleb128 .LVL3-.Ltext0
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
.LASF5:
	.string	"scale"
.LASF3:
	.string	"long int"
.LASF4:
	.string	"GNU C17 12.2.0 -mtune=generic -march=x86-64 -g -O2 -fasynchronous-unwind-tables"
	.section	.debug_line_str,"MS",@progbits,1
.LASF0:
	.string	"axpy.c"
.LASF1:
	.string	"."
	.ident	"GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
