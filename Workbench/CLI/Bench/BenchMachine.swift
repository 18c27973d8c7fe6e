// The machine a bench ran on, and the build it ran: numbers mean little without them.
#if os(macOS) || os(Linux)
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
extension BenchReport.Machine {
    /// This process's machine, and the build it is running.
    static var current: BenchReport.Machine {
        #if DEBUG
        let build = "debug"
        #else
        let build = "release"
        #endif
        return BenchReport.Machine(
            cores: ProcessInfo.processInfo.activeProcessorCount, kernel: kernel,
            os: ProcessInfo.processInfo.operatingSystemVersionString, swift: swiftVersion, build: build)
    }

    /// The compiler's major and minor version, as far as `#if compiler` can tell.
    static var swiftVersion: String {
        #if compiler(>=7.0)
        ">= 7.0"
        #elseif compiler(>=6.4)
        ">= 6.4"
        #elseif compiler(>=6.3)
        "6.3"
        #elseif compiler(>=6.2)
        "6.2"
        #elseif compiler(>=6.1)
        "6.1"
        #else
        "6.0"
        #endif
    }

    /// What `uname -srm` prints: the kernel's name, release and the hardware.
    static var kernel: String {
        var names = utsname()
        guard uname(&names) == 0 else { return "unknown" }
        func text<T>(_ field: T) -> String {
            withUnsafeBytes(of: field) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
        }
        return [text(names.sysname), text(names.release), text(names.machine)].joined(separator: " ")
    }
}
#endif
