/// A value kept in one heap box shared by its copies, and copied only when a shared one is
/// changed (as `Array` does with its elements).
///
/// For the big structs a big input has one of per method (a declaration, an adapter): Swift
/// copies a struct field by field, retaining every string and array in it, whenever it reads
/// one out of an array or an enum case — a dozen to forty atomic operations on memory another
/// core wrote, for every method in every stage. A boxed copy is one retain.
public struct CopyOnWrite<Value> {
    @usableFromInline
    final class Box {
        // Unchecked: written only through `value`'s `_modify`, on a box no other copy shares.
        @exclusivity(unchecked) @usableFromInline var value: Value

        @usableFromInline init(_ value: Value) { self.value = value }
    }

    @usableFromInline var box: Box

    @inlinable
    public init(_ value: Value) { box = Box(value) }

    @inlinable
    public var value: Value {
        get { box.value }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
            yield &box.value
        }
    }
}

extension CopyOnWrite: Equatable where Value: Equatable {
    @inlinable
    public static func == (left: Self, right: Self) -> Bool {
        left.box === right.box || left.box.value == right.box.value
    }
}

extension CopyOnWrite: Hashable where Value: Hashable {
    @inlinable
    public func hash(into hasher: inout Hasher) { box.value.hash(into: &hasher) }
}

// A box that other copies can see is never written (see `value`), so reading it from any
// thread is safe when the value is.
extension CopyOnWrite: @unchecked Sendable where Value: Sendable {}
