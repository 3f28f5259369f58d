package redisstore_test

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// The tests start their own redis-server (Debian's package; .ci/test
// installs it when missing) on a free 127.0.0.1 port, without persistence.
// They never skip: without redis-server they fail, saying how to get it.

// shared is the server most tests use; TestMain starts it.
var shared *redisServer

// clientLog counts go-redis's own log lines (dial failures while a server
// is down) instead of printing them between the tests' logs.
var clientLog quietLogger

type quietLogger struct{ lines atomic.Int64 }

func (l *quietLogger) Printf(context.Context, string, ...any) { l.lines.Add(1) }

func TestMain(m *testing.M) {
	redis.SetLogger(&clientLog)
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		fmt.Fprintln(os.Stderr, "redisstore tests: redis-server not found on PATH: install it (apt-get install -y redis-server); bash .ci/test does so when it is missing")
		os.Exit(1)
	}
	dir, err := os.MkdirTemp("", "redisstore")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	shared = &redisServer{bin: bin, dir: dir}
	if err := shared.startOnFreePort(); err != nil {
		fmt.Fprintln(os.Stderr, "redisstore tests:", err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	shared.kill()
	os.RemoveAll(dir)
	os.Exit(code)
}

// redisServer is one redis-server process this package started.
type redisServer struct {
	bin, dir string
	port     int
	cmd      *exec.Cmd
	exited   chan struct{} // closed when cmd has been waited for
}

func (s *redisServer) addr() string { return "127.0.0.1:" + strconv.Itoa(s.port) }

// startOnFreePort starts the server on a port the system just gave out,
// trying another when a race took it.
func (s *redisServer) startOnFreePort() error {
	var err error
	for range 5 {
		var l net.Listener
		if l, err = net.Listen("tcp", "127.0.0.1:0"); err != nil {
			return err
		}
		s.port = l.Addr().(*net.TCPAddr).Port
		l.Close()
		if err = s.start(); err == nil {
			return nil
		}
	}
	return err
}

// start starts the server on s.port and waits until it answers PING.
func (s *redisServer) start() error {
	s.cmd = exec.Command(s.bin, "--port", strconv.Itoa(s.port), "--bind", "127.0.0.1", "--save", "",
		"--appendonly", "no", "--dir", s.dir, "--logfile", "")
	if err := s.cmd.Start(); err != nil {
		return fmt.Errorf("start redis-server: %w", err)
	}
	cmd, exited := s.cmd, make(chan struct{})
	s.exited = exited
	go func() {
		_ = cmd.Wait()
		close(exited)
	}()
	rdb := redis.NewClient(&redis.Options{Addr: s.addr(), DialTimeout: 100 * time.Millisecond, MaxRetries: -1})
	defer rdb.Close()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case <-exited:
			return fmt.Errorf("redis-server on port %d exited: %v", s.port, cmd.ProcessState)
		default:
		}
		if rdb.Ping(context.Background()).Err() == nil {
			return nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	s.kill()
	return fmt.Errorf("redis-server on port %d did not answer within 10s", s.port)
}

// kill ends the server at once (SIGKILL), as a crash would, and waits
// until it is gone.
func (s *redisServer) kill() {
	if s.cmd == nil || s.cmd.Process == nil {
		return
	}
	_ = s.cmd.Process.Kill()
	select {
	case <-s.exited:
	case <-time.After(10 * time.Second):
	}
}

// client returns a client of the server with short timeouts and no
// retries, as the package documentation recommends, closed with the test.
func (s *redisServer) client(t testing.TB) *redis.Client {
	rdb := redis.NewClient(&redis.Options{Addr: s.addr(), DialTimeout: 200 * time.Millisecond,
		ReadTimeout: 200 * time.Millisecond, WriteTimeout: 200 * time.Millisecond, MaxRetries: -1})
	t.Cleanup(func() { rdb.Close() })
	return rdb
}
