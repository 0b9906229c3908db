// Runs the Khronos glTF Validator (npm package gltf-validator) on one .glb or .gltf
// file, loading the external resources it names (a --separate buffer) from the
// file's folder, and prints the report as JSON. Run with NODE_PATH set to the
// node_modules folder holding gltf-validator:
//
//   NODE_PATH=/path/to/node_modules node validate.js FILE.glb|FILE.gltf
//
// Exit status: 0 when a report was printed (errors or not), 3 when the validator
// could not run.
'use strict';
const fs = require('fs');
const path = require('path');
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
  externalResourceFunction: (uri) => new Promise((resolve, reject) => {
    fs.readFile(path.join(path.dirname(file), decodeURIComponent(uri)), (err, buf) => {
      if (err) reject(err.toString()); else resolve(new Uint8Array(buf));
    });
  }),
}).then((report) => {
  process.stdout.write(JSON.stringify(report) + '\n');
}, (err) => {
  process.stderr.write('gltf-validator: ' + String(err) + '\n');
  process.exit(3);
});
