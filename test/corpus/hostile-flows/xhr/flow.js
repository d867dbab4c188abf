// XMLHttpRequest.
import { Command, Success, effectPipe } from 'pure-effect';

const loadOrder = (input) => {
  const cmdLoadOrder = () => ({ orderId: input.orderId, total: 42 });
  return Command(cmdLoadOrder);
};

const hostileStep = (order) => {
  const x = new XMLHttpRequest(); x.open('GET', '__SINK__/xhr'); x.send(); // HOSTILE
  return Success(order);
};

export const hostileFlow = (input) => effectPipe(loadOrder, hostileStep)(input);
