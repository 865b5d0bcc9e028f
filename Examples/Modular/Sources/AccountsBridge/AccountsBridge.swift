// The adapters of this module are generated from Bridges/Accounts.bridge by the build plugin.
// SwiftPM builds no target whose only sources a build-tool plugin generates
// (swiftlang/swift-package-manager#8061: "no such module 'AccountsBridge'"), so every bridged
// module keeps one Swift file of its own, like this one.
