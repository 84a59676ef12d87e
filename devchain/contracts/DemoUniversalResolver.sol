// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// A stand-in for ENS's Universal Resolver on the local chain, answering the one question a
/// wallet asks — "which address is this name?" — through the same function the real resolver
/// offers (resolveWithGateways), so names resolve offline. Unknown names resolve to nothing.
contract DemoUniversalResolver {
    address public immutable owner;
    mapping(bytes32 => address) public addresses;

    constructor() {
        owner = msg.sender;
    }

    function setAddr(bytes32 node, address target) external {
        require(msg.sender == owner, "DemoUniversalResolver: only owner");
        addresses[node] = target;
    }

    /// `data` is a resolver call; only addr(bytes32) (selector 0x3b3b57de) is answered.
    function resolveWithGateways(bytes calldata, bytes calldata data, string[] calldata)
        external
        view
        returns (bytes memory, address)
    {
        if (data.length != 36 || bytes4(data[:4]) != 0x3b3b57de) return ("", address(this));
        address target = addresses[bytes32(data[4:36])];
        if (target == address(0)) return ("", address(this));
        return (abi.encode(target), address(this));
    }
}
