module github.com/evalopt/evalopt/adapters/redis

go 1.24

require (
	github.com/evalopt/evalopt v0.0.0-00010101000000-000000000000
	github.com/redis/go-redis/v9 v9.17.3
	github.com/stretchr/testify v1.12.1
)

require (
	github.com/cespare/xxhash/v2 v2.3.0 // indirect
	github.com/dgryski/go-rendezvous v0.0.0-20200823014737-9f7001d12a5f // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
)

replace github.com/evalopt/evalopt => ../..
