package lab

import (
	"bytes"
	"errors"
	"fmt"
	"hash/crc32"
)

// Every line of a results file ends in a checksum of itself: `{...,"crc":"89abcdef"}`, the CRC-32 of the
// line as it was before the field was added. A line that was cut, edited or written by hand is refused
// with its file and line instead of being summarised.

const crcField = `,"crc":"`

// crcSuffixLen is the length of `,"crc":"89abcdef"}`.
const crcSuffixLen = len(crcField) + 8 + 2

// sealLine adds the checksum to a JSON object's encoding.
func sealLine(data []byte) []byte {
	sum := crc32.ChecksumIEEE(data)
	out := make([]byte, 0, len(data)+crcSuffixLen)
	out = append(out, data[:len(data)-1]...)
	return append(out, fmt.Sprintf(`%s%08x"}`, crcField, sum)...)
}

// verifyLine checks a line's checksum and returns the JSON object without it.
func verifyLine(line []byte) ([]byte, error) {
	n := len(line)
	if n < crcSuffixLen+2 || !bytes.HasSuffix(line, []byte(`"}`)) || !bytes.Equal(line[n-crcSuffixLen:n-10], []byte(crcField)) {
		return nil, errors.New("the line has no checksum: it was cut or edited")
	}
	data := append(append([]byte(nil), line[:n-crcSuffixLen]...), '}')
	var sum uint32
	if _, err := fmt.Sscanf(string(line[n-10:n-2]), "%08x", &sum); err != nil || sum != crc32.ChecksumIEEE(data) {
		return nil, errors.New("the line does not match its checksum: it was edited or damaged")
	}
	return data, nil
}
