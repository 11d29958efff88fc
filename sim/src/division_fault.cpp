// The x86-64 DIV and IDIV that trapped are decoded (prefixes, opcode F6/F7 with ModRM reg 6 or 7,
// the operand's length) and completed with the results RISC-V defines for the same cases, since
// the NPU's are unpublished: a quotient of all ones and the dividend as remainder for a zero
// divisor; the dividend and 0 for the signed INT_MIN / -1 overflow. Any other fault, or one outside
// a block's code, goes to the previous handler.
#include "division_fault.h"

#include <signal.h>
#include <ucontext.h>

#include <atomic>
#include <cstring>

#include "scalar_code.h"

namespace ascendc_sim {
namespace {

struct sigaction gPrevious {};
std::atomic<uint64_t> gFaults{0};

struct DivideInstruction {
  size_t length = 0;
  unsigned operandBits = 32;
  bool isSigned = false;
  int divisorRegister = -1;  // the register holding the divisor (ModRM mod 3), else -1
};

// The greg index of x86-64 register number 0..15.
constexpr int kGregOf[16] = {REG_RAX, REG_RCX, REG_RDX, REG_RBX, REG_RSP, REG_RBP, REG_RSI, REG_RDI,
                             REG_R8,  REG_R9,  REG_R10, REG_R11, REG_R12, REG_R13, REG_R14, REG_R15};

bool Decode(const uint8_t* code, DivideInstruction& out) {
  size_t at = 0;
  bool operand16 = false;
  uint8_t rex = 0;
  while (code[at] == 0x66 || code[at] == 0x67 || code[at] == 0xF2 || code[at] == 0xF3 || code[at] == 0x2E ||
         code[at] == 0x3E) {
    operand16 = operand16 || code[at] == 0x66;
    ++at;
  }
  if ((code[at] & 0xF0) == 0x40) rex = code[at++];
  const uint8_t opcode = code[at++];
  if (opcode != 0xF6 && opcode != 0xF7) return false;
  const uint8_t modrm = code[at++];
  const unsigned mod = modrm >> 6, reg = (modrm >> 3) & 7, rm = modrm & 7;
  if (reg != 6 && reg != 7) return false;
  out.isSigned = reg == 7;
  out.operandBits = opcode == 0xF6 ? 8 : (rex & 0x08) ? 64 : operand16 ? 16 : 32;
  if (mod == 3) {
    out.divisorRegister = int(rm + ((rex & 0x01) ? 8 : 0));
  } else {
    if (rm == 4) {
      const uint8_t sib = code[at++];
      if (mod == 0 && (sib & 7) == 5) at += 4;
    }
    if (mod == 0 && rm == 5) at += 4;
    if (mod == 1) at += 1;
    if (mod == 2) at += 4;
  }
  out.length = at;
  return true;
}

uint64_t Mask(unsigned bits) { return bits == 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1; }

void OnFault(int signal, siginfo_t* info, void* context) {
  auto* uc = static_cast<ucontext_t*>(context);
  greg_t* regs = uc->uc_mcontext.gregs;
  DivideInstruction divide;
  if (!InKernelCode() || !Decode(reinterpret_cast<const uint8_t*>(regs[REG_RIP]), divide)) {
    sigaction(signal, &gPrevious, nullptr);  // the instruction runs again and faults as before
    (void)info;
    return;
  }
  const unsigned bits = divide.operandBits;
  const uint64_t mask = Mask(bits);
  const uint64_t dividend = bits == 8 ? uint64_t(regs[REG_RAX]) & 0xFF : uint64_t(regs[REG_RAX]) & mask;
  bool zero = true;
  if (divide.divisorRegister >= 0) {
    zero = (uint64_t(regs[kGregOf[divide.divisorRegister]]) & mask) == 0;
  } else if (divide.isSigned) {
    zero = dividend != (uint64_t(1) << (bits - 1));  // not INT_MIN: the divisor must have been zero
  }
  const uint64_t quotient = zero ? mask : dividend;  // overflow: INT_MIN / -1 wraps to INT_MIN
  const uint64_t remainder = zero ? dividend : 0;
  auto put = [&](int reg, uint64_t value) {
    if (bits == 64 || bits == 32) {
      regs[reg] = greg_t(value & mask);  // a 32-bit result zero-extends, as the instruction would
    } else {
      regs[reg] = greg_t((uint64_t(regs[reg]) & ~mask) | (value & mask));
    }
  };
  if (bits == 8) {
    regs[REG_RAX] =
        greg_t((uint64_t(regs[REG_RAX]) & ~uint64_t(0xFFFF)) | (quotient & 0xFF) | ((remainder & 0xFF) << 8));
  } else {
    put(REG_RAX, quotient);
    put(REG_RDX, remainder);
  }
  regs[REG_RIP] += greg_t(divide.length);
  gFaults.fetch_add(1, std::memory_order_relaxed);
}

}  // namespace

void CatchKernelDivisionFaults() {
  static const bool installed = [] {
    struct sigaction action {};
    action.sa_sigaction = OnFault;
    action.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    sigaction(SIGFPE, &action, &gPrevious);
    return true;
  }();
  (void)installed;
}

uint64_t TakeKernelDivisionFaults() { return gFaults.exchange(0); }

}  // namespace ascendc_sim
