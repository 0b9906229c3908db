// Runs the Khronos glTF Validator (npm package gltf-validator) on one .glb or .gltf
// file and prints its report as JSON on stdout. The tests run it through Node.js with
// NODE_PATH set to $ANIMSCOPE_NODE_MODULES:
//
//   NODE_PATH=/path/to/node_modules node validate.js FILE.glb
//
// Exit status: 0 when a report was printed (errors or not), 3 when the validator
// could not run.
'use strict';
const fs = require('fs');
let validator;
try {
  validator = require('gltf-validator');
} catch (e) {
  process.stderr.write('gltf-validator not found (set NODE_PATH): ' + e.message + '\n');
  process.exit(3);
}
const file = process.argv[2];
const data = fs.readFileSync(file);
validator.validateBytes(new Uint8Array(data), {
  uri: file,
  maxIssues: 0,
  writeTimestamp: false,
}).then((report) => {
  process.stdout.write(JSON.stringify(report) + '\n');
}, (err) => {
  process.stderr.write('gltf-validator: ' + String(err) + '\n');
  process.exit(3);
});
