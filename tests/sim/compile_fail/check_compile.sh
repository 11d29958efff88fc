#!/usr/bin/env bash
# Compiles one case with `akgen cc -fsyntax-only` and checks the outcome its first line announces:
#   // EXPECT-ERROR: <text>   compilation fails and the compiler output contains <text>
#   // EXPECT-COMPILES        compilation succeeds
# Usage: check_compile.sh <path to akgen> <case.cpp>
set -u
akgen=$1
case_file=$2
export LC_ALL=C  # ASCII quotes in GCC's messages, as the EXPECT-ERROR texts spell them

first_line=$(head -n 1 "$case_file")
output=$("$akgen" cc -fsyntax-only "$case_file" 2>&1)
status=$?

case "$first_line" in
  "// EXPECT-ERROR: "*)
    expected=${first_line#"// EXPECT-ERROR: "}
    if [ "$status" -eq 0 ]; then
      echo "FAIL: $case_file compiled, but it must fail with: $expected"
      exit 1
    fi
    if ! grep -qF -- "$expected" <<<"$output"; then
      echo "FAIL: $case_file failed to compile, but not with: $expected"
      echo "$output"
      exit 1
    fi
    ;;
  "// EXPECT-COMPILES")
    if [ "$status" -ne 0 ]; then
      echo "FAIL: $case_file must compile"
      echo "$output"
      exit 1
    fi
    ;;
  *)
    echo "FAIL: the first line of $case_file must be '// EXPECT-ERROR: <text>' or '// EXPECT-COMPILES'"
    exit 1
    ;;
esac
echo "PASS: $case_file"
