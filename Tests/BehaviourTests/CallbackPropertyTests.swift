import FixtureSDK
import Foundation
@testable import BridgegenRuntime
@testable import GoldenAdapters
import Testing

/// Callback properties bridged as streams (the CallbackProperties golden): the property is set
/// while the stream is iterated and what it held before is put back when the stream ends.
@Suite struct CallbackPropertyTests {
    /// multipart-kit's `onBody: (inout ByteBuffer) -> ()`: each value handed `inout` is yielded
    /// as a copy; the stream's end puts the earlier handler back.
    @Test func aValueHandedInoutIsYieldedAsACopy() async throws {
        let feed = PhotoFeed()
        let chunks = Locked([String]())
        let task = Task {
            for await bytes in feed.chunkEvents() {
                chunks.withLock { $0.append(String(decoding: bytes, as: UTF8.self)) }
            }
        }
        #expect(await eventually {
            feed.send(["ab"])
            return !chunks.withLock { $0.isEmpty }
        })
        feed.send(["cd", "efg"])
        #expect(await eventually { chunks.withLock { $0.suffix(2) == ["cd", "efg"] } })
        task.cancel()
        await task.value
    }

    /// Owl's `TableDirector.scrollViewEvents`: the slots of a value the object keeps are set
    /// through its property, where the object reads them, and put back when the stream ends; a
    /// shared one's consumers share one setting.
    @Test func aValuesSlotIsSetThroughTheObjectThatKeepsIt() async throws {
        let feed = PhotoFeed()
        let photos = Locked([String]())
        let batches = Locked([Int]())
        let task = Task {
            for await photo in feed.didSendEvents() { photos.withLock { $0.append(photo.id) } }
        }
        let finished = Task {
            for await count in feed.didFinishEvents() { batches.withLock { $0.append(count) } }
        }
        #expect(await eventually {
            feed.send(["a"])
            return !photos.withLock { $0.isEmpty } && !batches.withLock { $0.isEmpty }
        })
        feed.send(["b", "c"])
        #expect(await eventually { photos.withLock { $0.suffix(2) == ["b", "c"] } && batches.withLock { $0.last == 2 } })
        task.cancel()
        finished.cancel()
        await task.value
        await finished.value
        #expect(await eventually { feed.events.didSend == nil && feed.events.didFinish == nil })
    }

    /// CocoaMQTT's `didPing: (CocoaMQTT) -> Void`: a handler that gets only the object it is set
    /// on yields `Void` per call.
    @Test func aHandlerOfTheObjectItselfYieldsEachCall() async throws {
        let feed = PhotoFeed()
        let count = Locked(0)
        let task = Task {
            for await () in feed.refreshEvents() {
                count.withLock { $0 += 1 }
            }
        }
        #expect(await eventually {
            feed.send(["a"])
            return count.withLock { $0 } > 0
        })
        let before = count.withLock { $0 }
        feed.send(["b", "c"])
        #expect(await eventually { count.withLock { $0 } >= before + 2 })
        task.cancel()
        await task.value
        #expect(await eventually { feed.onRefresh == nil })
    }

    /// Reachability's `whenReachable: ((Reachability) -> ())?`, on a type no other property of
    /// which hands the object back beside a value: each element is the object, read as it is
    /// when the consumer gets it.
    @Test func aLoneObjectHandedBackIsTheElement() async throws {
        let probe = LinkProbe()
        let seen = Locked([ObjectIdentifier]())
        let task = Task {
            for await reported in probe.whenReachableEvents() {
                seen.withLock { $0.append(ObjectIdentifier(reported)) }
            }
        }
        #expect(await eventually {
            probe.report([true])
            return !seen.withLock { $0.isEmpty }
        })
        probe.report([false, true])
        #expect(await eventually { seen.withLock { $0.count } >= 3 })
        #expect(seen.withLock { $0.allSatisfy { $0 == ObjectIdentifier(probe) } })
        task.cancel()
        await task.value
        #expect(await eventually { probe.whenReachable == nil })
    }

    /// Moscapsule's `onMessageCallback: ((MQTTMessage) -> ())!`: an implicitly unwrapped
    /// property is set while the stream is iterated and put back (nil) when it ends.
    @Test func anImplicitlyUnwrappedPropertyIsAStream() async throws {
        let feed = PhotoFeed()
        let captions = Locked([String]())
        let task = Task {
            for await caption in feed.captionEvents() {
                captions.withLock { $0.append(caption) }
            }
        }
        #expect(await eventually {
            feed.send(["a"])
            return !captions.withLock { $0 }.isEmpty
        })
        task.cancel()
        await task.value
        #expect(captions.withLock { $0 }.allSatisfy { $0 == "caption a" })
        #expect(await eventually { feed.onCaption == nil })
    }

    /// `@once`: the one-shot sets the property, returns what the first call hands it (the feed
    /// handed back dropped) and puts back what the property held, also when cancelled.
    /// A `@once` property that gets a `Result`: the one-shot returns its success and throws its
    /// failure, and puts back what the property held.
    @Test func aOnceResultHandlerReturnsTheValueOrThrows() async throws {
        let feed = PhotoFeed()
        let saved = Task { try await feed.savedEvent() }
        #expect(await eventually { feed.onSaved != nil })
        feed.save("a")
        #expect(try await saved.value == Photo(id: "a"))
        #expect(feed.onSaved == nil)

        let failed = Task { try await feed.savedEvent() }
        #expect(await eventually { feed.onSaved != nil })
        feed.save("b", failing: FixtureError.failed)
        await #expect(throws: FixtureError.failed) { try await failed.value }
        #expect(await eventually { feed.onSaved == nil })
    }

    @Test func aOnceHandlerReturnsItsFirstCallAndPutsBackWhatItHeld() async throws {
        let feed = PhotoFeed()
        let earlier = Locked(0)
        feed.onInvalidation = { _, _ in earlier.withLock { $0 += 1 } }
        let heard = Locked<FixtureError?>(nil)
        let waiter = Task {
            let error = try await feed.invalidationEvent()
            heard.withLock { $0 = error as? FixtureError }
        }
        // Invalidated until the one-shot has heard it (before it set the property, the earlier
        // handler hears it).
        #expect(await eventually {
            feed.invalidate(with: FixtureError.failed)
            return heard.withLock { $0 } == .failed
        })
        try await waiter.value
        // Put back (by the runtime's stop, which runs off the returning task, so soon after the
        // return, not at it): the earlier handler hears a later invalidation.
        let before = earlier.withLock { $0 }
        #expect(await eventually {
            feed.invalidate(with: nil)
            return earlier.withLock { $0 } > before
        })

        // Cancelled before any call: CancellationError, and the earlier handler is back. (The
        // invalidations queued above run first: one would be that call.)
        Fixture.drain()
        let cancelled = Task { try await feed.invalidationEvent() }
        try await Task.sleep(for: .milliseconds(5))
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        let count = earlier.withLock { $0 }
        feed.invalidate(with: nil)
        #expect(await eventually { earlier.withLock { $0 } > count })
    }

    @Test func aOnceHandlersErrorIsThrownAndNilReturnsTheValues() async throws {
        let feed = PhotoFeed()
        // Ended until the one-shot has heard it (before it set the property, nothing hears it).
        let thrown = Locked<FixtureError?>(nil)
        let failing = Task {
            do {
                _ = try await feed.syncEndEvent()
            } catch {
                thrown.withLock { $0 = error as? FixtureError }
            }
        }
        #expect(await eventually {
            feed.endSync(count: 1, error: FixtureError.failed)
            return thrown.withLock { $0 } == .failed
        })
        await failing.value
        // Put back (by the runtime's stop, soon after the throw), and the failures queued above
        // delivered, before the next one-shot sets it.
        #expect(await eventually { feed.onSyncEnd == nil })
        Fixture.drain()
        // nil: the count is returned.
        let count = Locked<Int?>(nil)
        let ending = Task {
            let value = try await feed.syncEndEvent()
            count.withLock { $0 = value }
        }
        #expect(await eventually {
            feed.endSync(count: 3, error: nil)
            return count.withLock { $0 } == 3
        })
        try await ending.value
    }

    /// Two plain streams of one property over each other: the newer one's handler is in the
    /// property; the older one ending first leaves it there (what it found is handed to the
    /// newer one), and the newer one ending puts back what was there before both.
    @Test func streamsOverEachOtherEndInEitherOrder() async throws {
        let feed = PhotoFeed()
        let earlier = Locked([String]())
        feed.onPhoto = { photo in earlier.withLock { $0.append(photo.id) } }
        let first = Locked([String]())
        let second = Locked([String]())
        let older = Task { for await photo in feed.photoEvents() { first.withLock { $0.append(photo.id) } } }
        #expect(await eventually {
            feed.send(["a"])
            return !first.withLock { $0.isEmpty }
        })
        let newer = Task { for await photo in feed.photoEvents() { second.withLock { $0.append(photo.id) } } }
        #expect(await eventually {
            feed.send(["b"])
            return !second.withLock { $0.isEmpty }
        })
        older.cancel()
        await older.value
        // The older one's stop runs soon after its end, off the task: given time to run, it
        // must not have taken the newer one's handler out.
        try await Task.sleep(for: .milliseconds(100))
        Fixture.drain()
        earlier.withLock { $0 = [] }
        #expect(await eventually {
            feed.send(["c"])
            return second.withLock { $0.contains("c") }
        })
        #expect(earlier.withLock { $0.isEmpty })
        newer.cancel()
        await newer.value
        #expect(await eventually {
            feed.send(["d"])
            return earlier.withLock { $0.contains("d") }
        })
    }

    @Test func theStreamSetsThePropertyAndPutsBackWhatItHeld() async throws {
        let feed = PhotoFeed()
        let earlier = Locked([String]())
        feed.onPhoto = { photo in earlier.withLock { $0.append(photo.id) } }
        let received = Locked([String]())
        let task = Task {
            for await photo in feed.photoEvents() {
                received.withLock { $0.append(photo.id) }
            }
        }
        // The stream's handler replaced the earlier one: what is sent now comes to the stream,
        // and nothing sent after that reaches the earlier handler.
        #expect(await eventually {
            feed.send(["a"])
            return !received.withLock { $0.isEmpty }
        })
        earlier.withLock { $0 = [] }
        let before = received.withLock { $0.count }
        #expect(await eventually {
            feed.send(["b"])
            return received.withLock { $0.count } > before + 1
        })
        #expect(earlier.withLock { $0.isEmpty })
        task.cancel()
        await task.value
        // Ended: the earlier handler is back.
        #expect(await eventually {
            feed.send(["c"])
            return earlier.withLock { $0.contains("c") }
        })
    }

    @Test func cancellingTheConsumerPutsBackNil() async throws {
        let feed = PhotoFeed()
        let task = Task { for await _ in feed.photoEvents() {} }
        #expect(await eventually { feed.onPhoto != nil })
        task.cancel()
        await task.value
        #expect(await eventually { feed.onPhoto == nil })
    }

    /// A non-optional property handing back the feed first: the element is the rest. A
    /// registered handler that hands it back first: likewise.
    @Test func theReceiverHandedBackIsNotPartOfTheElement() async throws {
        let feed = PhotoFeed()
        let label = Locked<(String, Int)?>(nil)
        let photo = Locked<Photo?>(nil)
        let labels = Task {
            for await value in feed.labels() {
                label.withLock { $0 = value }
                break
            }
        }
        let photos = Task {
            for await value in feed.onEachPhoto() {
                photo.withLock { $0 = value }
                break
            }
        }
        #expect(await eventually {
            feed.send(["abc"])
            return label.withLock { $0 } != nil && photo.withLock { $0 } != nil
        })
        #expect(label.withLock { $0?.0 } == "abc" && label.withLock { $0?.1 } == 3)
        #expect(photo.withLock { $0 } == Photo(id: "abc"))
        await labels.value
        await photos.value
    }

    /// `@stream(shared)`: several consumers, one setting of the property; it is put back when the
    /// last one leaves.
    @Test func aSharedPropertyStreamServesEveryConsumer() async throws {
        let feed = PhotoFeed()
        let counts = Locked([0, 0])
        let consumers = (0..<2).map { index in
            Task {
                for await _ in feed.pingEvents() {
                    let count = counts.withLock { counts -> Int in
                        counts[index] += 1
                        return counts[index]
                    }
                    if count == 2 { break }
                }
            }
        }
        // Pings until both consumers have had two: one property setting serves both.
        #expect(await eventually {
            feed.send(["ping"])
            return counts.withLock { $0 } == [2, 2]
        })
        for consumer in consumers { await consumer.value }
        #expect(await eventually { feed.onPing == nil })
    }
}

/// A value behind a lock, for the tests' own handlers.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
