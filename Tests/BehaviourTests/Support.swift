import FixtureSDK
import Foundation
@testable import GoldenAdapters
@_exported import TestSupport
import Testing

