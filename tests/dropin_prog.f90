! SPDX-License-Identifier: LGPL-2.1-or-later
! An ordinary Fortran BLAS program (linked against the system BLAS only): tests/dropin.sh runs it
! as is and under LD_PRELOAD=libparalia_blas.so. DGEMM and SGEMM on a large and a small problem,
! each checked against the program's own loops. Prints one line per check; stops with 1 on failure.
program dropin_prog
  implicit none
  integer, parameter :: big = 256, small = 16
  integer :: fails
  fails = 0
  call dcase(big, fails)
  call dcase(small, fails)
  call scase(big, fails)
  if (fails > 0) then
    print '(a)', 'dropin_prog_f: FAILED'
    stop 1
  end if
  print '(a)', 'dropin_prog_f: all ok'
contains
  subroutine dcase(n, fails)
    integer, intent(in) :: n
    integer, intent(inout) :: fails
    double precision, allocatable :: a(:,:), b(:,:), c(:,:), r(:,:)
    integer :: i, j
    allocate(a(n,n), b(n,n), c(n,n), r(n,n))
    do j = 1, n
      do i = 1, n
        a(i,j) = mod(i * 7 + j * 3, 11) / 11.0d0 - 0.5d0
        b(i,j) = mod(i * 5 + j * 13, 17) / 17.0d0 - 0.5d0
        c(i,j) = mod(i + j, 5) / 5.0d0
      end do
    end do
    r = 2.0d0 * matmul(transpose(a), b) + 0.5d0 * c
    call dgemm('T', 'N', n, n, n, 2.0d0, a, n, b, n, 0.5d0, c, n)
    if (maxval(abs(c - r)) < 1d-12 * n) then
      print '(a,i0)', 'dropin_prog_f: ok   DGEMM TN ', n
    else
      print '(a,i0)', 'dropin_prog_f: FAIL DGEMM TN ', n
      fails = fails + 1
    end if
  end subroutine
  subroutine scase(n, fails)
    integer, intent(in) :: n
    integer, intent(inout) :: fails
    real, allocatable :: a(:,:), b(:,:), c(:,:), r(:,:)
    integer :: i, j
    allocate(a(n,n), b(n,n), c(n,n), r(n,n))
    do j = 1, n
      do i = 1, n
        a(i,j) = mod(i * 7 + j * 3, 11) / 11.0 - 0.5
        b(i,j) = mod(i * 5 + j * 13, 17) / 17.0 - 0.5
      end do
    end do
    r = matmul(a, b)
    c = 0
    call sgemm('N', 'N', n, n, n, 1.0, a, n, b, n, 0.0, c, n)
    if (maxval(abs(c - r)) < 1e-4 * n) then
      print '(a,i0)', 'dropin_prog_f: ok   SGEMM NN ', n
    else
      print '(a,i0)', 'dropin_prog_f: FAIL SGEMM NN ', n
      fails = fails + 1
    end if
  end subroutine
end program
