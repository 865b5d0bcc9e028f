import DeclParser
import Generator

extension StarterBlock {
    /// A property named for how a screen ends (`didCancel`, `doneBlock`, `editFinishBlock`,
    /// `didDisappearBlock`, `timeoutBlock`): not for a button the user may tap again and again
    /// (CropViewController's `onDidTapDone`, Apphud's `onCloseButtonTapped`).
    static func namesScreenEnd(_ name: String) -> Bool {
        let words = ClosureRoleNames.camelWords(name)
        let ends: Set<String> = [
            "done", "finish", "finished", "dismiss", "dismissed", "disappear", "cancel", "cancelled", "canceled", "close",
            "closed", "timeout", "save", "saved", "complete", "completed", "completion",
        ]
        guard words.contains(where: ends.contains), !words.contains(where: { ["tap", "tapped", "button", "press", "pressed"].contains($0) }) else {
            return false
        }
        // An end of one of many things between `on`/`did` and the end (`onTransactionCompleted`),
        // not the screen's (`onDidFinishCancelled`, `didDisappearBlock`).
        let rest = words.drop { ["on", "did", "will"].contains($0) }
        guard rest.count < words.count else { return true }
        return rest.first.map(ends.contains) ?? false
    }

    /// The doubt of a loss read as once per connection: a client may retry a drop silently and
    /// report only the loss it gives up on (ActionCableClient's `onDisconnected`).
    static func onlyWhenGivingUp(_ name: String, owner: String) -> String {
        "if the \(owner) retries a drop without calling '\(name)', and calls it only when it gives up, write '@once' instead"
    }

    /// A callback property's annotations and notes: `@once` where its name says an end, else a
    /// stream; and what makes that reading doubtful (decisions 81, 85, 87).
    func propertyAnnotations(_ member: SourceMember) -> [(annotation: String, why: String)] {
        var annotations: [(annotation: String, why: String)] = []
        let owner = Self.bareTypeName(type)
        if isScreen, Self.namesScreenEnd(member.name) {
            // A screen's outcome (YPImagePicker's `YPPhotoFiltersVC.didSave`, `didCancel`;
            // ZLPhotoBrowser's `ZLEditImageViewController.editFinishBlock`, `ZLCustomCamera.takeDoneBlock`):
            // the screen ends with it, once.
            annotations.append(("@once", "'\(member.name)' is named for how the \(owner)'s screen ends, which comes once"))
            // Unless the screen is shown again and again (Agrume's `didDismiss`, an image viewer
            // presented anew): then each time.
            annotations.append(("", "if the same \(owner) is shown again and calls '\(member.name)' each time, write '@stream' instead"))
        } else if let reconnect = reconnectMember, ["disconnect", "close"].contains(where: member.name.lowercased().contains) {
            // A client the app reconnects (Perfect-Mosquitto's `reconnect(_:)`) disconnects once
            // per connection: `OnDisconnect` is called for each.
            annotations.append(("@stream", "'\(member.name)' comes once per connection, and \(owner) reconnects ('\(reconnect)'): called for each"))
            // Unless its own reconnects are silent and only the loss it gives up on is reported
            // (ActionCableClient's `onDisconnected`, not called for a drop it retries): then once.
            annotations.append(("", Self.onlyWhenGivingUp(member.name, owner: owner)))
        } else if ClosureRoleNames.namesOnce(property: member.name, closure: propertyClosure(member)) {
            let isResult = ClosureRoleNames.camelWords(member.name).contains("result")
            annotations.append(("@once", "'\(member.name)' is named for \(isResult ? "the result" : "an end"), which comes once"))
            // A completion the app hands over for the library's own work (OAuthSwift's
            // `presentCompletion`, passed to UIKit; Tiercel's `completionHandler`, UIKit's,
            // kept for later): no event of the object.
            if member.name.lowercased().contains("completion") {
                annotations.append(
                    ("", "as written, a one-shot that waits for the next call of '\(member.name)'; if it is a completion you hand the SDK for its own work, mark it '@context'"))
            }
        } else if let rest = ["did", "on"].first(where: member.name.hasPrefix).map({ member.name.dropFirst($0.count) }),
            ["Finish", "Complet", "Done"].contains(where: rest.hasPrefix) || ClosureRoleNames.camelWords(String(rest)).contains("end")
        {
            // `did`/`on` and an end before other words (SwiftyDropbox's
            // `didFinishBackgroundEvents`, SwiftyInsta's `didReachEndOfLoginFlow`): maybe once,
            // maybe a completion the app hands over for the library to call, maybe a hook. Not a
            // thing's end (`requestDidFinish`: each request's).
            annotations.append(
                ("", "a stream assumed: '\(member.name)' is named for an end; if the SDK calls it once, write '@once'; if it is a completion you hand the SDK, mark it '@context'"))
        } else if ["on", "did", "will", "when", "On"].contains(where: { prefix in
            member.name.hasPrefix(prefix) && member.name.dropFirst(prefix.count).first?.isUppercase == true
        }) || ["Changed", "Change", "Update", "Updated", "Received", "Event", "Progress"].contains(where: member.name.hasSuffix)
            // Something that did or will (Alamofire's `ClosureEventMonitor.requestDidResume`).
            || ["did", "will"].contains(where: ClosureRoleNames.camelWords(member.name).dropFirst().contains) || member.name == "progress"
            // One that is told of events (SwiftyPing's `observer`).
            || ["observer", "listener"].contains(where: member.name.lowercased().hasSuffix)
        {
            annotations.append(("", "'\(member.name)' holds a closure the SDK calls for each event: a stream"))
        } else {
            // Named for no event (SwiftHTTP's `downloadHandler`, TelemetryDeck's `errorHandler`,
            // a `callback`): how often it comes, and whether it is work, is a guess.
            annotations.append(
                ("", "a stream assumed: nothing in the name '\(member.name)' says an event; if the SDK calls it once, write '@once'; if it is work or a setting the SDK runs, mark it '@context'"))
        }
        // Any other handler of a screen (DKImagePickerController's `didSelectAssets`, called as
        // the picker closes; TLPhotoPicker's `didExceedMaximumNumberOfSelection`, for each time):
        // the name alone does not say which.
        if isScreen, !annotations.contains(where: { $0.annotation == "@once" }) {
            annotations.append(
                ("", "'\(member.name)' is a handler of the screen \(owner): as written, a stream; if the screen calls it once, as it closes, write '@once'"))
        }
        // A setting of an options object (Amplitude's `EventOptions.callback`, a field of each
        // event): the object is handed to a call, which reports through it; maybe the
        // configuration's own handler (Amplitude's `Configuration.callback`), maybe not.
        if ["Options", "Config", "Configuration", "Settings"].contains(where: Self.bareTypeName(type).hasSuffix) {
            annotations.append(
                ("", "'\(member.name)' is a setting of \(Self.bareTypeName(type)): as written, a stream of its calls; if the object is handed to a call that reports through it, bridge that call and mark this '@context'"))
        }
        if Self.namesHook(member.name) {
            annotations.append(
                ("", "'\(member.name)' is called before it happens: each element comes after the \(owner) has gone on; if your code must run first, set '\(member.name)' yourself and mark it '@context'"))
        }
        // Declared, but nothing in the library calls it (Swift-ActionCableClient's `onRejected`).
        if !propertiesReadByLibrary.contains(member.name), !propertiesReadByLibrary.contains(owner + "." + member.name), !member.hasAccessors {
            let adapter = annotations.contains { $0.annotation == "@once" } ? "the one-shot" : "the stream"
            annotations.append(
                ("", "nothing in these sources calls '\(member.name)': as written, \(adapter) waits for calls that may never come; if it is for your code to call, mark it '@context'"))
        }
        // The library sets it to a handler of its own somewhere (Eureka's
        // `navigationAccessoryView.doneClosure = { [weak self] in … }`): on an object the
        // library drives, a stream would replace that handler. Said; only a reviewer knows.
        if let file = propertiesSetByLibrary[member.name] {
            annotations.append(
                ("", "the library sets '\(member.name)' to a handler of its own (\(file)): if it does so on this object, a stream would replace that handler; then mark it '@context'"))
        }
        // Handed cells or views (XLPagerTabStrip's `changeCurrentIndex: ((ButtonBarViewCell?,
        // ButtonBarViewCell?, Bool) -> Void)?`, which the library calls for each cell it sets
        // up): maybe the caller's code to style them, run at once, rather than events.
        if let closure = propertyClosure(member),
            let cell = closure.parameters.map({ $0.type.strippingAttributes.unwrappingOptional.description }).first(where: { type in
                ["Cell", "View"].contains(where: type.hasSuffix) || type.hasSuffix("CellType")
            })
        {
            annotations.append(
                ("", "'\(member.name)' is handed a \(cell): if it is your code to configure it, which the library runs at once, mark it '@context'"))
        }
        // Beside values (malcommac/Repeat's `onStateChanged: ((Repeater, State) -> Void)?`): left
        // out of each value, said.
        if let closure = propertyClosure(member), closure.parameters.count > 1, Analyzer.isReceiver(closure.parameters[0], scope: type) {
            annotations.append(
                ("", "'\(member.name)' also gets the \(Self.bareTypeName(type)) itself, which you already hold: as written, it is left out of each value"))
        }
        // The object alone (Reachability's `whenReachable: ((Reachability) -> ())?`): each value
        // is the object, to read its state from; a sender beside the other properties' values
        // (CocoaMQTT's `didPing`) is left out, the stream saying only that the event happened.
        if let closure = propertyClosure(member), closure.parameters.count == 1, Analyzer.isReceiver(closure.parameters[0], scope: type) {
            annotations.append(
                propertiesHandBackSender
                    ? ("", "'\(member.name)' gets the \(Self.bareTypeName(type)) itself, the sender the other properties hand back beside values: as written, each value is Void")
                    : ("", "'\(member.name)' gets the \(Self.bareTypeName(type)) itself, which you already hold: as written, each value is that object; read the state you want from it"))
        }
        return annotations
    }
}
