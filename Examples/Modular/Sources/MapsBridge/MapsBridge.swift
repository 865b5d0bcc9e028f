// The adapters of this module are generated from Bridges/Maps.bridge by the build plugin; this
// file is the one source SwiftPM needs to build the module (swiftlang/swift-package-manager#8061).
