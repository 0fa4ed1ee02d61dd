// Loaded into electronegativity (node --import): its only network use is fetching updated
// translations with `got`, which spends ~10 s timing out offline and then crashes on Node 24
// (p-cancelable: "onCancel handler was attached after the promise settled"). The bundled
// English texts are what we want, so the lookup fails at once instead.
import fs from 'node:fs';
import Module from 'node:module';

const load = Module._load;
Module._load = function (request, ...rest) {
  if (request === 'got') return () => Promise.reject(new Error('offline: translations are bundled'));
  return load.call(this, request, ...rest);
};

// Its CSV report is written by two unsynchronised fs.writeFile calls: the header with flag
// 'w' (truncate) and the rows with flag 'a'. Under load the header's truncate or write can
// land after the rows and overwrite them, and CI then read a mangled report. In this
// process only, writeFile runs synchronously (its callback still called later), so the two
// writes happen in the order the scanner issues them.

fs.writeFile = function (file, data, options, callback) {
  const done = typeof options === 'function' ? options : callback;
  let failure = null;
  try {
    fs.writeFileSync(file, data, typeof options === 'function' ? undefined : options);
  } catch (error) {
    failure = error;
  }
  if (done) process.nextTick(done, failure);
};
