// A promise settled in a task of its own: the work after it starts once the browser has had a
// turn (input, a frame). A MessageChannel hop, not setTimeout: nested timeouts are clamped to 4 ms.
const channel = new MessageChannel();
const waiting: (() => void)[] = [];
channel.port1.onmessage = () => waiting.shift()?.();

export const nextTask = (): Promise<void> =>
  new Promise<void>((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(0);
  });
