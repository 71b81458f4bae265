#if FUZZING
  import PictureFuzzing
  import SystemPackage

  #if canImport(Glibc)
    import Glibc
  #endif

  // libFuzzer's own main runs the program built by `make fuzz`, and calls these. The target
  // is named by FUZZ_TARGET, since every other argument is libFuzzer's.

  nonisolated(unsafe) private var target = FuzzTarget.exif

  @_cdecl("LLVMFuzzerInitialize")
  func initialize(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
  ) -> Int32 {
    let name = getenv("FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let named = FuzzTarget(rawValue: name) else {
      let known = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
      _ = try? FileDescriptor.standardError.writeAll(
        "fuzz-pictures: FUZZ_TARGET must be one of \(known), not \"\(name)\"\n".utf8)
      exit(2)
    }
    target = named
    return 0
  }

  @_cdecl("LLVMFuzzerTestOneInput")
  func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    target.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
  }
#endif
