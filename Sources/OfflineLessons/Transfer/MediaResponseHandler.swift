import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// The end of a ``MediaConnections`` connection's pipeline (after NIO's HTTP/1.1 coders): sends
/// one exchange's request at a time and hands its response to the exchange's ``SinkDelegate``.
/// While the feed waits for a step (``FeedStep/wait(_:)``), the parts already decoded are queued
/// and no more is read from the socket. A redirect's body is read and dropped (the exchange ends
/// as ``MediaConnections/Ending/redirected``); an interim response (`100 Continue`) never comes
/// here (NIO's decoder drops it). A connection with no byte for `stallTimeout` fails
/// its exchange as a read timeout, or is closed when idle. Everything runs on the channel's loop.
final class MediaResponseHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundIn = HTTPClientRequestPart
    typealias OutboundOut = HTTPClientRequestPart

    private struct Current {
        let exchange: MediaExchange
        /// Sends the exchange again on a new connection when this one, reused, closes before its head.
        let retry: (() -> Void)?
        let number: Int
        let control: ExchangeControl
        var headSeen = false
        var redirected = false
        var keepAlive = true
    }

    private let stallTimeout: TimeAmount
    private var context: ChannelHandlerContext?
    private var current: Current?
    private var exchanges = 0
    /// Parts decoded while the feed waits for a step, handed over when it ends.
    private var queued = CircularBuffer<HTTPClientResponsePart>()
    private var waiting = false
    private var readPending = false
    private var lastActivity = NIODeadline.now()
    private var stallCheck: Scheduled<Void>?
    /// Called after an exchange that leaves the connection open to the next one.
    var whenIdle: ((MediaResponseHandler) -> Void)?

    init(stallTimeout: TimeAmount) {
        self.stallTimeout = stallTimeout
    }

    /// Open, with no exchange under way.
    var isReady: Bool { current == nil && (context?.channel.isActive ?? false) }

    func close() {
        context?.close(promise: nil)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        scheduleStallCheck(in: stallTimeout)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stallCheck?.cancel()
        self.context = nil
    }

    /// Sends `exchange`'s request on this connection. `retry`: for a kept connection, how to send
    /// it again on a new one should this one turn out closed before the response's head.
    func begin(_ exchange: MediaExchange, retry: (() -> Void)?) {
        guard let context else {
            if let retry { retry() } else { exchange.promise.fail(HTTPClientError.remoteConnectionClosed) }
            return
        }
        guard exchange.attach(to: context.channel) else {
            exchange.promise.fail(HTTPClientError.cancelled)
            if context.channel.isActive { whenIdle?(self) }
            return
        }
        exchanges += 1
        let control = ExchangeControl(eventLoop: context.eventLoop, handler: NIOLoopBound(self, eventLoop: context.eventLoop), number: exchanges)
        current = Current(exchange: exchange, retry: retry, number: exchanges, control: control)
        lastActivity = .now()
        let sent = context.eventLoop.makePromise(of: Void.self)
        context.write(wrapOutboundOut(.head(exchange.head)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: sent)
        let number = exchanges
        sent.futureResult.assumeIsolated().whenFailure { [self] error in
            if current?.number == number { fail(error) }
        }
    }

    // MARK: Inbound

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        lastActivity = .now()
        let part = unwrapInboundIn(data)
        if waiting {
            queued.append(part)
        } else {
            handle(part)
        }
    }

    private func handle(_ part: HTTPClientResponsePart) {
        guard var ongoing = current else {
            // Bytes with no request: the connection is not in a state to trust.
            close()
            return
        }
        let feed = ongoing.exchange.feed
        switch part {
        case .head(let head):
            ongoing.headSeen = true
            ongoing.keepAlive = head.isKeepAlive
            ongoing.redirected = [301, 302, 303, 307, 308].contains(head.status.code) && head.headers.contains(name: "location")
            current = ongoing
            if !ongoing.redirected { follow(feed.received(head: head, control: ongoing.control)) }
        case .body(let buffer):
            if !ongoing.redirected { follow(feed.received(body: buffer, control: ongoing.control)) }
        case .end:
            current = nil
            if ongoing.redirected {
                ongoing.exchange.promise.succeed(.redirected)
            } else {
                feed.bodyEnded()
                ongoing.exchange.promise.succeed(.done)
            }
            if ongoing.keepAlive, context?.channel.isActive == true {
                whenIdle?(self)
            } else {
                close()
            }
        }
    }

    /// Acts on what the feed said of a part.
    private func follow(_ step: FeedStep) {
        switch step {
        case .goOn:
            break
        case .refuse(let error):
            fail(error)
        case .wait(let future):
            waiting = true
            future.hop(to: context?.eventLoop ?? future.eventLoop).assumeIsolated().whenComplete { [self] _ in
                waiting = false
                while !waiting, let next = queued.popFirst() { handle(next) }
                if !waiting, readPending, let context {
                    readPending = false
                    context.read()
                }
            }
        }
    }

    /// Ends the current exchange with `error` (or sends it again on a new connection, when this
    /// kept one closed before any of its response came) and closes the connection.
    fileprivate func fail(_ error: any Error, number: Int? = nil) {
        guard let ongoing = current, number == nil || number == ongoing.number else { return }
        current = nil
        queued.removeAll()
        let exchange = ongoing.exchange
        if !ongoing.headSeen, let retry = ongoing.retry, !exchange.isCancelled, Self.isClosedEarly(error) {
            retry()
        } else {
            exchange.promise.fail(exchange.isCancelled ? HTTPClientError.cancelled : error)
        }
        close()
    }

    private static func isClosedEarly(_ error: any Error) -> Bool {
        if let error = error as? HTTPClientError { return error == .remoteConnectionClosed }
        if let error = error as? IOError { return [ECONNRESET, EPIPE].contains(error.errnoCode) }
        if let error = error as? ChannelError { return error == .ioOnClosedChannel || error == .eof }
        return false
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // The connection closed before the response's end (NIO's decoder says so at the close), as
        // AsyncHTTPClient reports it.
        fail(error as? HTTPParserError == .invalidEOFState ? HTTPClientError.remoteConnectionClosed : error)
    }

    func channelInactive(context: ChannelHandlerContext) {
        stallCheck?.cancel()
        fail(HTTPClientError.remoteConnectionClosed)
        context.fireChannelInactive()
    }

    // MARK: Outbound

    func read(context: ChannelHandlerContext) {
        if waiting {
            readPending = true
        } else {
            context.read()
        }
    }

    // MARK: Stalls

    private func scheduleStallCheck(in delay: TimeAmount) {
        guard let context else { return }
        stallCheck = context.eventLoop.assumeIsolated().scheduleTask(in: delay) { [self] in checkStall() }
    }

    private func checkStall() {
        // Not reading while the sink's step runs is not a stall of the server's.
        if waiting { lastActivity = .now() }
        let due = lastActivity + stallTimeout
        let now = NIODeadline.now()
        guard now < due else {
            if current != nil { fail(HTTPClientError.readTimeout) }
            close()
            return
        }
        scheduleStallCheck(in: due - now)
    }
}

/// Lets a feed's step fail the exchange it belongs to (and no later one on the same connection).
struct ExchangeControl: ResponseControl {
    let eventLoop: any EventLoop
    fileprivate let handler: NIOLoopBound<MediaResponseHandler>
    fileprivate let number: Int

    func fail(reason: any Error) {
        if eventLoop.inEventLoop {
            handler.value.fail(reason, number: number)
        } else {
            eventLoop.execute { [handler, number] in handler.value.fail(reason, number: number) }
        }
    }
}
