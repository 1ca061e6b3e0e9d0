import { parentPort } from 'node:worker_threads';
import { FeedError } from './feed-fetcher.ts';
import { parseFeed } from './ical-feed.ts';
import type { ParseReply, ParseRequest } from './feed-parser.ts';

/**
 * The feed parser's thread (feed-parser.ts): parses one feed per message and answers its events or its failure. A
 * hostile rule may loop here for ever; the main thread ends this thread past its budget and answers the others.
 */
const port = parentPort;
if (!port) throw new Error('feed-parser-worker runs as a worker thread');
port.on('message', (request: ParseRequest) => {
  let reply: ParseReply;
  try {
    reply = { id: request.id, events: parseFeed(request.text, request.options) };
  } catch (error) {
    reply =
      error instanceof FeedError
        ? { id: request.id, failure: error.failure, message: error.message }
        : { id: request.id, failure: 'unparsable', message: 'The feed could not be read' };
  }
  port.postMessage(reply);
});
port.postMessage({ ready: true });
