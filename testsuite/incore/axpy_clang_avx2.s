	.text
	.file	"axpy.c"
	.globl	scale                           # -- Begin function scale
	.p2align	4, 0x90
	.type	scale,@function
scale:                                  # @scale
.Lfunc_begin0:
	.file	0 "." "axpy.c" md5 0x4b2419b173a2bf325d854cc6c98b9329
	.cfi_startproc
# %bb.0:
	#DEBUG_VALUE: scale:a <- $rdi
	#DEBUG_VALUE: scale:b <- $rsi
	#DEBUG_VALUE: scale:s <- $xmm0
	#DEBUG_VALUE: scale:n <- $rdx
	#DEBUG_VALUE: i <- 0
	.loc	0 3 24 prologue_end             # axpy.c:3:24
	testq	%rdx, %rdx
.Ltmp0:
	.loc	0 3 5 is_stmt 0                 # axpy.c:3:5
	jle	.LBB0_7
.Ltmp1:
# %bb.1:
	#DEBUG_VALUE: scale:a <- $rdi
	#DEBUG_VALUE: scale:b <- $rsi
	#DEBUG_VALUE: scale:s <- $xmm0
	#DEBUG_VALUE: scale:n <- $rdx
	#DEBUG_VALUE: i <- 0
	cmpq	$15, %rdx
	ja	.LBB0_3
.Ltmp2:
# %bb.2:
	#DEBUG_VALUE: scale:a <- $rdi
	#DEBUG_VALUE: scale:b <- $rsi
	#DEBUG_VALUE: scale:s <- $xmm0
	#DEBUG_VALUE: scale:n <- $rdx
	#DEBUG_VALUE: i <- 0
	.loc	0 0 5                           # axpy.c:0:5
	xorl	%eax, %eax
	jmp	.LBB0_6
.Ltmp3:
.LBB0_3:
	#DEBUG_VALUE: scale:a <- $rdi
	#DEBUG_VALUE: scale:b <- $rsi
	#DEBUG_VALUE: scale:s <- $xmm0
	#DEBUG_VALUE: scale:n <- $rdx
	#DEBUG_VALUE: i <- 0
	movabsq	$9223372036854775792, %rax      # imm = 0x7FFFFFFFFFFFFFF0
	.loc	0 3 5                           # axpy.c:3:5
	andq	%rdx, %rax
	vbroadcastsd	%xmm0, %ymm1
	xorl	%ecx, %ecx
.Ltmp4:
	.p2align	4, 0x90
.LBB0_4:                                # =>This Inner Loop Header: Depth=1
	#DEBUG_VALUE: scale:a <- $rdi
	#DEBUG_VALUE: scale:b <- $rsi
	#DEBUG_VALUE: scale:s <- $xmm0
	#DEBUG_VALUE: scale:n <- $rdx
	#DEBUG_VALUE: i <- 0
	.loc	0 4 20 is_stmt 1                # axpy.c:4:20
	vmovupd	(%rsi,%rcx,8), %ymm2
	vmovupd	32(%rsi,%rcx,8), %ymm3
	vmovupd	64(%rsi,%rcx,8), %ymm4
	vmovupd	96(%rsi,%rcx,8), %ymm5
	.loc	0 4 25 is_stmt 0                # axpy.c:4:25
	vfmadd213pd	(%rdi,%rcx,8), %ymm1, %ymm2 # ymm2 = (ymm1 * ymm2) + mem
	vfmadd213pd	32(%rdi,%rcx,8), %ymm1, %ymm3 # ymm3 = (ymm1 * ymm3) + mem
	vfmadd213pd	64(%rdi,%rcx,8), %ymm1, %ymm4 # ymm4 = (ymm1 * ymm4) + mem
	vfmadd213pd	96(%rdi,%rcx,8), %ymm1, %ymm5 # ymm5 = (ymm1 * ymm5) + mem
	.loc	0 4 14                          # axpy.c:4:14
	vmovupd	%ymm2, (%rdi,%rcx,8)
	vmovupd	%ymm3, 32(%rdi,%rcx,8)
	vmovupd	%ymm4, 64(%rdi,%rcx,8)
	vmovupd	%ymm5, 96(%rdi,%rcx,8)
	.loc	0 3 30 is_stmt 1                # axpy.c:3:30
	addq	$16, %rcx
	cmpq	%rcx, %rax
	jne	.LBB0_4
.Ltmp5:
# %bb.5:
	#DEBUG_VALUE: scale:a <- $rdi
	#DEBUG_VALUE: scale:b <- $rsi
	#DEBUG_VALUE: scale:s <- $xmm0
	#DEBUG_VALUE: scale:n <- $rdx
	#DEBUG_VALUE: i <- 0
	.loc	0 3 5 is_stmt 0                 # axpy.c:3:5
	cmpq	%rdx, %rax
	je	.LBB0_7
.Ltmp6:
	.p2align	4, 0x90
.LBB0_6:                                # =>This Inner Loop Header: Depth=1
	#DEBUG_VALUE: scale:a <- $rdi
	#DEBUG_VALUE: scale:b <- $rsi
	#DEBUG_VALUE: scale:s <- $xmm0
	#DEBUG_VALUE: scale:n <- $rdx
	#DEBUG_VALUE: i <- $rax
	.loc	0 4 20 is_stmt 1                # axpy.c:4:20
	vmovsd	(%rsi,%rax,8), %xmm1            # xmm1 = mem[0],zero
	.loc	0 4 25 is_stmt 0                # axpy.c:4:25
	vfmadd213sd	(%rdi,%rax,8), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	.loc	0 4 14                          # axpy.c:4:14
	vmovsd	%xmm1, (%rdi,%rax,8)
	.loc	0 3 30 is_stmt 1                # axpy.c:3:30
	incq	%rax
.Ltmp7:
	#DEBUG_VALUE: i <- $rax
	.loc	0 3 24 is_stmt 0                # axpy.c:3:24
	cmpq	%rax, %rdx
.Ltmp8:
	.loc	0 3 5                           # axpy.c:3:5
	jne	.LBB0_6
.Ltmp9:
.LBB0_7:
	#DEBUG_VALUE: scale:a <- $rdi
	#DEBUG_VALUE: scale:b <- $rsi
	#DEBUG_VALUE: scale:s <- $xmm0
	#DEBUG_VALUE: scale:n <- $rdx
	.loc	0 5 1 is_stmt 1                 # axpy.c:5:1
	vzeroupper
.Ltmp10:
	#DEBUG_VALUE: scale:s <- [DW_OP_LLVM_entry_value 1] $xmm0
	retq
.Ltmp11:
.Lfunc_end0:
	.size	scale, .Lfunc_end0-scale
	.cfi_endproc
                                        # -- End function
	.section	.debug_loclists,"",@progbits
	.long	.Ldebug_list_header_end0-.Ldebug_list_header_start0 # Length
.Ldebug_list_header_start0:
	.short	5                               # Version
	.byte	8                               # Address size
	.byte	0                               # Segment selector size
	.long	2                               # Offset entry count
.Lloclists_table_base0:
	.long	.Ldebug_loc0-.Lloclists_table_base0
	.long	.Ldebug_loc1-.Lloclists_table_base0
.Ldebug_loc0:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Lfunc_begin0-.Lfunc_begin0    #   starting offset
	.uleb128 .Ltmp10-.Lfunc_begin0          #   ending offset
	.byte	1                               # Loc expr size
	.byte	97                              # DW_OP_reg17
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp10-.Lfunc_begin0          #   starting offset
	.uleb128 .Lfunc_end0-.Lfunc_begin0      #   ending offset
	.byte	4                               # Loc expr size
	.byte	163                             # DW_OP_entry_value
	.byte	1                               # 1
	.byte	97                              # DW_OP_reg17
	.byte	159                             # DW_OP_stack_value
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_loc1:
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Lfunc_begin0-.Lfunc_begin0    #   starting offset
	.uleb128 .Ltmp6-.Lfunc_begin0           #   ending offset
	.byte	3                               # Loc expr size
	.byte	17                              # DW_OP_consts
	.byte	0                               # 0
	.byte	159                             # DW_OP_stack_value
	.byte	4                               # DW_LLE_offset_pair
	.uleb128 .Ltmp6-.Lfunc_begin0           #   starting offset
	.uleb128 .Ltmp9-.Lfunc_begin0           #   ending offset
	.byte	1                               # Loc expr size
	.byte	80                              # DW_OP_reg0
	.byte	0                               # DW_LLE_end_of_list
.Ldebug_list_header_end0:
	.section	.debug_abbrev,"",@progbits
	.byte	1                               # Abbreviation Code
	.byte	17                              # DW_TAG_compile_unit
	.byte	1                               # DW_CHILDREN_yes
	.byte	37                              # DW_AT_producer
	.byte	37                              # DW_FORM_strx1
	.byte	19                              # DW_AT_language
	.byte	5                               # DW_FORM_data2
	.byte	3                               # DW_AT_name
	.byte	37                              # DW_FORM_strx1
	.byte	114                             # DW_AT_str_offsets_base
	.byte	23                              # DW_FORM_sec_offset
	.byte	16                              # DW_AT_stmt_list
	.byte	23                              # DW_FORM_sec_offset
	.byte	27                              # DW_AT_comp_dir
	.byte	37                              # DW_FORM_strx1
	.byte	17                              # DW_AT_low_pc
	.byte	27                              # DW_FORM_addrx
	.byte	18                              # DW_AT_high_pc
	.byte	6                               # DW_FORM_data4
	.byte	115                             # DW_AT_addr_base
	.byte	23                              # DW_FORM_sec_offset
	.ascii	"\214\001"                      # DW_AT_loclists_base
	.byte	23                              # DW_FORM_sec_offset
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	2                               # Abbreviation Code
	.byte	46                              # DW_TAG_subprogram
	.byte	1                               # DW_CHILDREN_yes
	.byte	17                              # DW_AT_low_pc
	.byte	27                              # DW_FORM_addrx
	.byte	18                              # DW_AT_high_pc
	.byte	6                               # DW_FORM_data4
	.byte	64                              # DW_AT_frame_base
	.byte	24                              # DW_FORM_exprloc
	.byte	122                             # DW_AT_call_all_calls
	.byte	25                              # DW_FORM_flag_present
	.byte	3                               # DW_AT_name
	.byte	37                              # DW_FORM_strx1
	.byte	58                              # DW_AT_decl_file
	.byte	11                              # DW_FORM_data1
	.byte	59                              # DW_AT_decl_line
	.byte	11                              # DW_FORM_data1
	.byte	39                              # DW_AT_prototyped
	.byte	25                              # DW_FORM_flag_present
	.byte	63                              # DW_AT_external
	.byte	25                              # DW_FORM_flag_present
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	3                               # Abbreviation Code
	.byte	5                               # DW_TAG_formal_parameter
	.byte	0                               # DW_CHILDREN_no
	.byte	2                               # DW_AT_location
	.byte	24                              # DW_FORM_exprloc
	.byte	3                               # DW_AT_name
	.byte	37                              # DW_FORM_strx1
	.byte	58                              # DW_AT_decl_file
	.byte	11                              # DW_FORM_data1
	.byte	59                              # DW_AT_decl_line
	.byte	11                              # DW_FORM_data1
	.byte	73                              # DW_AT_type
	.byte	19                              # DW_FORM_ref4
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	4                               # Abbreviation Code
	.byte	5                               # DW_TAG_formal_parameter
	.byte	0                               # DW_CHILDREN_no
	.byte	2                               # DW_AT_location
	.byte	34                              # DW_FORM_loclistx
	.byte	3                               # DW_AT_name
	.byte	37                              # DW_FORM_strx1
	.byte	58                              # DW_AT_decl_file
	.byte	11                              # DW_FORM_data1
	.byte	59                              # DW_AT_decl_line
	.byte	11                              # DW_FORM_data1
	.byte	73                              # DW_AT_type
	.byte	19                              # DW_FORM_ref4
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	5                               # Abbreviation Code
	.byte	11                              # DW_TAG_lexical_block
	.byte	1                               # DW_CHILDREN_yes
	.byte	17                              # DW_AT_low_pc
	.byte	27                              # DW_FORM_addrx
	.byte	18                              # DW_AT_high_pc
	.byte	6                               # DW_FORM_data4
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	6                               # Abbreviation Code
	.byte	52                              # DW_TAG_variable
	.byte	0                               # DW_CHILDREN_no
	.byte	2                               # DW_AT_location
	.byte	34                              # DW_FORM_loclistx
	.byte	3                               # DW_AT_name
	.byte	37                              # DW_FORM_strx1
	.byte	58                              # DW_AT_decl_file
	.byte	11                              # DW_FORM_data1
	.byte	59                              # DW_AT_decl_line
	.byte	11                              # DW_FORM_data1
	.byte	73                              # DW_AT_type
	.byte	19                              # DW_FORM_ref4
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	7                               # Abbreviation Code
	.byte	55                              # DW_TAG_restrict_type
	.byte	0                               # DW_CHILDREN_no
	.byte	73                              # DW_AT_type
	.byte	19                              # DW_FORM_ref4
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	8                               # Abbreviation Code
	.byte	15                              # DW_TAG_pointer_type
	.byte	0                               # DW_CHILDREN_no
	.byte	73                              # DW_AT_type
	.byte	19                              # DW_FORM_ref4
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	9                               # Abbreviation Code
	.byte	36                              # DW_TAG_base_type
	.byte	0                               # DW_CHILDREN_no
	.byte	3                               # DW_AT_name
	.byte	37                              # DW_FORM_strx1
	.byte	62                              # DW_AT_encoding
	.byte	11                              # DW_FORM_data1
	.byte	11                              # DW_AT_byte_size
	.byte	11                              # DW_FORM_data1
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	10                              # Abbreviation Code
	.byte	38                              # DW_TAG_const_type
	.byte	0                               # DW_CHILDREN_no
	.byte	73                              # DW_AT_type
	.byte	19                              # DW_FORM_ref4
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	0                               # EOM(3)
	.section	.debug_info,"",@progbits
.Lcu_begin0:
	.long	.Ldebug_info_end0-.Ldebug_info_start0 # Length of Unit
.Ldebug_info_start0:
	.short	5                               # DWARF version number
	.byte	1                               # DWARF Unit Type
	.byte	8                               # Address Size (in bytes)
	.long	.debug_abbrev                   # Offset Into Abbrev. Section
	.byte	1                               # Abbrev [1] 0xc:0x80 DW_TAG_compile_unit
	.byte	0                               # DW_AT_producer
	.short	29                              # DW_AT_language
	.byte	1                               # DW_AT_name
	.long	.Lstr_offsets_base0             # DW_AT_str_offsets_base
	.long	.Lline_table_start0             # DW_AT_stmt_list
	.byte	2                               # DW_AT_comp_dir
	.byte	0                               # DW_AT_low_pc
	.long	.Lfunc_end0-.Lfunc_begin0       # DW_AT_high_pc
	.long	.Laddr_table_base0              # DW_AT_addr_base
	.long	.Lloclists_table_base0          # DW_AT_loclists_base
	.byte	2                               # Abbrev [2] 0x27:0x43 DW_TAG_subprogram
	.byte	0                               # DW_AT_low_pc
	.long	.Lfunc_end0-.Lfunc_begin0       # DW_AT_high_pc
	.byte	1                               # DW_AT_frame_base
	.byte	87
                                        # DW_AT_call_all_calls
	.byte	3                               # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	1                               # DW_AT_decl_line
                                        # DW_AT_prototyped
                                        # DW_AT_external
	.byte	3                               # Abbrev [3] 0x32:0xa DW_TAG_formal_parameter
	.byte	1                               # DW_AT_location
	.byte	85
	.byte	4                               # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	1                               # DW_AT_decl_line
	.long	106                             # DW_AT_type
	.byte	3                               # Abbrev [3] 0x3c:0xa DW_TAG_formal_parameter
	.byte	1                               # DW_AT_location
	.byte	84
	.byte	6                               # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	1                               # DW_AT_decl_line
	.long	120                             # DW_AT_type
	.byte	4                               # Abbrev [4] 0x46:0x9 DW_TAG_formal_parameter
	.byte	0                               # DW_AT_location
	.byte	7                               # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	1                               # DW_AT_decl_line
	.long	116                             # DW_AT_type
	.byte	3                               # Abbrev [3] 0x4f:0xa DW_TAG_formal_parameter
	.byte	1                               # DW_AT_location
	.byte	81
	.byte	8                               # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	1                               # DW_AT_decl_line
	.long	135                             # DW_AT_type
	.byte	5                               # Abbrev [5] 0x59:0x10 DW_TAG_lexical_block
	.byte	0                               # DW_AT_low_pc
	.long	.Ltmp9-.Lfunc_begin0            # DW_AT_high_pc
	.byte	6                               # Abbrev [6] 0x5f:0x9 DW_TAG_variable
	.byte	1                               # DW_AT_location
	.byte	10                              # DW_AT_name
	.byte	0                               # DW_AT_decl_file
	.byte	3                               # DW_AT_decl_line
	.long	135                             # DW_AT_type
	.byte	0                               # End Of Children Mark
	.byte	0                               # End Of Children Mark
	.byte	7                               # Abbrev [7] 0x6a:0x5 DW_TAG_restrict_type
	.long	111                             # DW_AT_type
	.byte	8                               # Abbrev [8] 0x6f:0x5 DW_TAG_pointer_type
	.long	116                             # DW_AT_type
	.byte	9                               # Abbrev [9] 0x74:0x4 DW_TAG_base_type
	.byte	5                               # DW_AT_name
	.byte	4                               # DW_AT_encoding
	.byte	8                               # DW_AT_byte_size
	.byte	7                               # Abbrev [7] 0x78:0x5 DW_TAG_restrict_type
	.long	125                             # DW_AT_type
	.byte	8                               # Abbrev [8] 0x7d:0x5 DW_TAG_pointer_type
	.long	130                             # DW_AT_type
	.byte	10                              # Abbrev [10] 0x82:0x5 DW_TAG_const_type
	.long	116                             # DW_AT_type
	.byte	9                               # Abbrev [9] 0x87:0x4 DW_TAG_base_type
	.byte	9                               # DW_AT_name
	.byte	5                               # DW_AT_encoding
	.byte	8                               # DW_AT_byte_size
	.byte	0                               # End Of Children Mark
.Ldebug_info_end0:
	.section	.debug_str_offsets,"",@progbits
	.long	48                              # Length of String Offsets Set
	.short	5
	.short	0
.Lstr_offsets_base0:
	.section	.debug_str,"MS",@progbits,1
.Linfo_string0:
	.asciz	"Debian clang version 19.1.7 (3~deb12u1)" # string offset=0
.Linfo_string1:
	.asciz	"axpy.c"                        # string offset=40
.Linfo_string2:
	.asciz	"."                             # string offset=47
.Linfo_string3:
	.asciz	"scale"                         # string offset=49
.Linfo_string4:
	.asciz	"a"                             # string offset=55
.Linfo_string5:
	.asciz	"double"                        # string offset=57
.Linfo_string6:
	.asciz	"b"                             # string offset=64
.Linfo_string7:
	.asciz	"s"                             # string offset=66
.Linfo_string8:
	.asciz	"n"                             # string offset=68
.Linfo_string9:
	.asciz	"long"                          # string offset=70
.Linfo_string10:
	.asciz	"i"                             # string offset=75
	.section	.debug_str_offsets,"",@progbits
	.long	.Linfo_string0
	.long	.Linfo_string1
	.long	.Linfo_string2
	.long	.Linfo_string3
	.long	.Linfo_string4
	.long	.Linfo_string5
	.long	.Linfo_string6
	.long	.Linfo_string7
	.long	.Linfo_string8
	.long	.Linfo_string9
	.long	.Linfo_string10
	.section	.debug_addr,"",@progbits
	.long	.Ldebug_addr_end0-.Ldebug_addr_start0 # Length of contribution
.Ldebug_addr_start0:
	.short	5                               # DWARF version number
	.byte	8                               # Address size
	.byte	0                               # Segment selector size
.Laddr_table_base0:
	.quad	.Lfunc_begin0
.Ldebug_addr_end0:
	.ident	"Debian clang version 19.1.7 (3~deb12u1)"
	.section	".note.GNU-stack","",@progbits
	.addrsig
	.section	.debug_line,"",@progbits
.Lline_table_start0:
