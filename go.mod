module ruleslab

go 1.26

require (
	github.com/stretchr/testify v1.12.1
	go.yaml.in/yaml/v3 v3.0.6
)

require github.com/yuin/gopher-lua v1.1.2
