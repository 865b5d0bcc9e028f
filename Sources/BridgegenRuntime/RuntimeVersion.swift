// Module BridgegenRuntime — the runtime every bridgegen adapter calls, one module for the whole
// app: one `BridgegenError`, one `BridgegenMisuse.handler`, one set of test-double scripts, in
// every module that bridges anything.
//
// Each adapter call is one small state machine guarded by a lock, whose transitions decide what
// to do and whose effects run only after the lock is released. It needs nothing but the standard
// library, Foundation and Dispatch, and runs on iOS 13, macOS 10.15, tvOS 13, watchOS 6 and
// Linux. What generated code calls is `public` (and marked as meant for generated code only);
// the rest is internal.

/// The version of the API between generated adapters and this runtime. Every generated file
/// names `BridgegenRuntimeVersion_<N>` for the version it was generated for, so a file compiled
/// against a runtime of another version fails at that line, naming the version it needs, instead
/// of with a wall of errors about the runtime's types (SwiftProtobuf checks its runtime the same
/// way). Bump it, and rename the marker, whenever generated code and runtime change together.
public enum BridgegenRuntimeVersion {
    public static let current = 5
}

/// The marker generated code of runtime API version 5 names (a handler that asks whether to go
/// on is answered `BridgegenStreamEvents.isOpen`). Not for use by hand.
public enum BridgegenRuntimeVersion_5 {}

/// Version 4's marker (a stream whose SDK call is `async`, `BridgegenAsyncRegistration`): what
/// files generated for it call, this runtime still has.
public enum BridgegenRuntimeVersion_4 {}

/// Version 3's marker (a callback property's stream,
/// `BridgegenStream.events(_:for:…)`, ordered against the property's other streams): what files
/// generated for it call, this runtime still has.
public enum BridgegenRuntimeVersion_3 {}

/// Version 2's marker (an initializer's stream, `BridgegenStream.making`): what files
/// generated for it call, this runtime still has.
public enum BridgegenRuntimeVersion_2 {}

/// Version 1's marker: what files generated for it call, this runtime still has.
public enum BridgegenRuntimeVersion_1 {}
