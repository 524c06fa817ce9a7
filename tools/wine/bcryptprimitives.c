/* A stand-in for Windows' bcryptprimitives.dll, for running the game under Debian's Wine 8.0
 * (which lacks it) in tools/wine-check.sh only: never shipped. Rust's standard library gets its
 * random numbers from ProcessPrng; this fills the buffer through advapi32's SystemFunction036
 * (RtlGenRandom), which Wine has. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
    while (length > 0) {
        ULONG chunk = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk)) return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
