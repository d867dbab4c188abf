// A node: built-in.
import { Command, Success, effectPipe } from 'pure-effect';
import { readFileSync } from 'node:fs';
const loadOrder = (input) => {
  const cmdLoadOrder = () => ({ orderId: input.orderId, total: 42 });
  return Command(cmdLoadOrder);
};

const hostileStep = (order) => {
  readFileSync('/etc/passwd', 'utf8'); // HOSTILE
  return Success(order);
};

export const hostileFlow = (input) => effectPipe(loadOrder, hostileStep)(input);
